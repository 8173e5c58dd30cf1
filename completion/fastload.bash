# bash completion for fastload, installed as share/bash-completion/completions/fastload.
# tests/cli/install.sh checks that it offers every long option `fastload --help` lists, and the mode table's
# names (src/cli/modes.cc) after --mode. Works without the bash-completion package.

_fastload_options="--threads --mode --batch-rows --no-array-binding --chunk-size --no-sort --sort-memory --tmpdir --charset --on-duplicate
  --dry-run --create --routines --events --print-schema --json --progress --progress-json --quiet --log-file --verbose --help --version
  --csv --fields-terminated-by --fields-enclosed-by --fields-escaped-by --lines-terminated-by
  --lines-starting-by --fields-optionally-enclosed --skip-rows
  --columns --partition --set
  --resume --ledger --rejects --max-errors --accept-conversion --atomic --retries
  --defer-indexes --keep-indexes --force --disable-checks --no-binlog --compress --max-rate --analyze
  --part --shard --via-head
  --max-lag --replica --max-load --critical-load
  --http-ca-file --http-connect-timeout --http-stall-timeout --http-retries --aws-profile --s3-endpoint
  --s3-region --s3-addressing --s3-no-sign
  --format --unknown-keys --missing-keys
  --host --port --socket --protocol --user --password --ssl-mode --ssl-ca --connect-timeout
  --no-defaults --defaults-file --defaults-extra-file --defaults-group-suffix --print-defaults"

# _fastload_values OPTION: the values OPTION takes, or "file" for a path, "host" for a host name, "none" for a
# value fastload cannot guess; nothing for an option without a value.
_fastload_values() {
  case $1 in
    --mode) echo "auto load insert multirow row server bulk" ;;
    --on-duplicate) echo "error ignore replace" ;;
    --ssl-mode) echo "DISABLED PREFERRED REQUIRED VERIFY_CA VERIFY_IDENTITY" ;;
    --protocol) echo "TCP SOCKET" ;;
    --s3-addressing) echo "PATH VIRTUAL" ;;
    --format) echo "auto text parquet jsonl" ;;
    --unknown-keys) echo "error ignore" ;;
    --missing-keys) echo "error null" ;;
    --accept-conversion) echo "int-fraction time-fraction timestamp-null bit-text enum-index all" ;;
    --log-file | --rejects | --tmpdir | --defaults-file | --defaults-extra-file | --ssl-ca | --http-ca-file | -S | --socket) echo file ;;
    -h | --host) echo host ;;
    --threads | --batch-rows | --chunk-size | --sort-memory | --charset | --fields-terminated-by | --fields-enclosed-by | --fields-escaped-by | \
      --lines-terminated-by | --lines-starting-by | --skip-rows | --columns | --partition | --set | --ledger | \
      --max-errors | --retries | --max-rate | --part | --shard | --max-lag | --replica | --max-load | --critical-load | -P | --port | -u | --user | --connect-timeout | \
      --http-connect-timeout | --http-stall-timeout | --http-retries | --aws-profile | --s3-endpoint | --s3-region | \
      --defaults-group-suffix) echo none ;;
  esac
}

_fastload() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=""
  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD - 1]}
  # --opt=value: bash splits it at '=' (COMP_WORDBREAKS), into --opt, = and value.
  if [[ $cur == = ]]; then
    cur=""
  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then
    prev=${COMP_WORDS[COMP_CWORD - 2]}
  fi
  local values
  values=$(_fastload_values "$prev")
  COMPREPLY=()
  case $values in
    "") ;;
    none) return 0 ;;
    file)
      compopt -o filenames 2>/dev/null
      mapfile -t COMPREPLY < <(compgen -f -- "$cur")
      return 0
      ;;
    host)
      mapfile -t COMPREPLY < <(compgen -A hostname -- "$cur")
      return 0
      ;;
    *)
      # shellcheck disable=SC2207  # the values are words without blanks
      COMPREPLY=($(compgen -W "$values" -- "$cur"))
      return 0
      ;;
  esac
  if [[ $cur == -* ]]; then
    # shellcheck disable=SC2207
    COMPREPLY=($(compgen -W "$_fastload_options" -- "$cur"))
    return 0
  fi
  # FILE... then DB.TABLE: offer the files.
  compopt -o filenames 2>/dev/null
  mapfile -t COMPREPLY < <(compgen -f -- "$cur")
}
complete -F _fastload fastload
