# Sourced by scripts/http_server.sh, s3_server.sh, fault_proxy.sh and parquet_writers.sh: throwaway certificates
# for servers on 127.0.0.1, the stopping of a server, and the tests' pinned npm packages.
# shellcheck shell=bash

# npm_ci SPEC DIR PACKAGE: npm ci of SPEC's package.json and package-lock.json into DIR, unless PACKAGE is there
# from the same lock already; under a lock, as two test runs may start at once. Needs a die function.
npm_ci() {
  local spec=$1 dir=$2 package=$3
  mkdir -p "$dir"
  exec 9>"$dir/.lock"
  flock 9
  if [[ ! -f $dir/node_modules/$package/package.json ]] || ! cmp -s "$spec/package-lock.json" "$dir/package-lock.json"; then
    command -v npm >/dev/null || die "npm is missing: run scripts/setup.sh"
    cp "$spec/package.json" "$spec/package-lock.json" "$dir/"
    (cd "$dir" && npm ci --prefer-offline --no-audit --no-fund --loglevel=error) >"$dir/install.log" 2>&1 ||
      { cat "$dir/install.log" >&2; rm -rf "$dir/node_modules"; die "npm could not install $package"; }
  fi
  exec 9>&-
}

# test_certs DIR: in DIR (once), ca.pem (the CA a client verifies with), server.pem/server-key.pem (for IP 127.0.0.1
# and localhost, signed by ca.pem), other_ca.pem (an unrelated CA: a "wrong CA" for clients), and
# wrong-name.pem/wrong-name-key.pem (signed by ca.pem but for 127.0.0.2 and wrong.invalid only: a name mismatch).
# EC keys: a P-256 key is made in milliseconds where RSA takes a noticeable share of a test's start.
test_certs() {
  local dir=$1 name
  [[ -f $dir/wrong-name.pem ]] && return 0
  local new=(-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes)
  openssl req -x509 "${new[@]}" -days 3650 -subj "/CN=fastload test CA" -keyout "$dir/ca-key.pem" -out "$dir/ca.pem" \
    -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign 2>/dev/null
  openssl req -x509 "${new[@]}" -days 3650 -subj "/CN=fastload other CA" -keyout "$dir/other_ca-key.pem" \
    -out "$dir/other_ca.pem" 2>/dev/null
  for name in server:IP:127.0.0.1,DNS:localhost wrong-name:IP:127.0.0.2,DNS:wrong.invalid; do
    openssl req "${new[@]}" -subj "/CN=${name%%:*}" -keyout "$dir/${name%%:*}-key.pem" -out "$dir/${name%%:*}.csr" \
      2>/dev/null
    printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "${name#*:}" >"$dir/${name%%:*}.ext"
    openssl x509 -req -in "$dir/${name%%:*}.csr" -CA "$dir/ca.pem" -CAkey "$dir/ca-key.pem" -CAcreateserial \
      -days 3650 -extfile "$dir/${name%%:*}.ext" -out "$dir/${name%%:*}.pem" 2>/dev/null
  done
}

# stop_pid FILE: ends the process whose pid FILE holds (SIGTERM), waits until it is gone, removes FILE. A daemon's
# parent is init, which may leave it a zombie for a second: a zombie counts as gone.
stop_pid() {
  [[ -f $1 ]] || return 0
  local pid stat
  pid=$(cat "$1")
  kill "$pid" 2>/dev/null || true
  for _ in $(seq 200); do
    stat=$(cat "/proc/$pid/stat" 2>/dev/null) || break
    stat=${stat##*) }
    [[ ${stat:0:1} == Z ]] && break
    sleep 0.05
  done
  rm -f "$1"
}
