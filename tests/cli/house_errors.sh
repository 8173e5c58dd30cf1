# At most three error mechanisms (docs/design.md, "Errors"): a row's Problem (a value), Failure (the one exception
# type: every exception fastload throws is one or a subclass), and Result (base/result.h: a value or the Failure
# that stopped it, returned). So in src/, code (not its comments) has
# - no std::optional<Failure>: a kept failure is a Result, asked ok()/failed() by name;
# - no std::exception_ptr but in base/parallel_for.h (the carrier of an exception across a thread) and
#   base/result.h (caught_failure, which turns one into a Failure);
# - no class deriving from a standard exception but Failure (base/errors.h);
# - no `throw std::...`, but std::bad_alloc where a library could not allocate its context (input/*_decoder.cc):
#   out of memory is what `new` throws too, and the boundary reports it as internal_error.
# Each breach is told as "fastload: house_errors: FILE:LINE: RULE"; any makes the test fail (exit 1).
set -uo pipefail
SOURCE_DIR=${SOURCE_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
cd "$SOURCE_DIR" || exit 1

breaches=0
# check RULE PATTERN ALLOWED: every line of src/ whose code, its // comment cut off, matches PATTERN (awk's
# extended regex) and whose "FILE:CODE" does not match ALLOWED.
check() {
  local rule=$1 pattern=$2 allowed=$3 out
  # awk reads the regexes from its environment: -v would take their backslashes as escapes.
  out=$(grep -rnE --include='*.h' --include='*.cc' "$pattern" src | pat=$pattern allowed=$allowed rule=$rule awk '{
      pat = ENVIRON["pat"]; allowed = ENVIRON["allowed"]; rule = ENVIRON["rule"]
      file = $0; sub(/:.*/, "", file)
      rest = substr($0, length(file) + 2); line = rest; sub(/:.*/, "", line)
      code = substr(rest, length(line) + 2); sub(/\/\/.*/, "", code)
      if (code ~ pat && (file ":" code) !~ allowed) printf "fastload: house_errors: %s:%s: %s\n", file, line, rule
    }')
  if [[ -n $out ]]; then
    echo "$out" >&2
    breaches=$((breaches + $(wc -l <<<"$out")))
  fi
}

check "std::optional<Failure>: keep a failure as a Result (base/result.h)" \
  'optional<[[:space:]]*(fastload::)?Failure[[:space:]]*>' '^$'
check "std::exception_ptr outside base/parallel_for.h and base/result.h: keep a failure as a Result, caught_failure() turns an exception into one" \
  'std::exception_ptr' '^src/base/(parallel_for|result)\.h:'
check "a class deriving from a standard exception: throw a Failure (base/errors.h) or a subclass of it" \
  '[:,][[:space:]]*((public|protected|private)[[:space:]]+)?(virtual[[:space:]]+)?std::(exception|runtime_error|logic_error|invalid_argument|domain_error|length_error|out_of_range|range_error|overflow_error|underflow_error|system_error|bad_[a-z_]+)[[:space:]]*([{,]|$)' \
  '^src/base/errors\.h:[[:space:]]*class Failure :'
check "throw std::...: throw a Failure (base/errors.h: usage_error, misuse, internal_error, ...)" \
  'throw[[:space:]]+std::' '^src/input/[a-z0-9]+_decoder\.cc:.*throw std::bad_alloc\(\);'

if ((breaches > 0)); then
  echo "fastload: house_errors: $breaches breach(es) of docs/design.md's Errors" >&2
  exit 1
fi
echo "house_errors: one exception type, one result type: nothing else in src/"
