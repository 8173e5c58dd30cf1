#!/usr/bin/env bash
# A throwaway nginx serving a directory over HTTP and HTTPS on 127.0.0.1, for the tests and benchmarks of remote
# inputs. Never touches a system nginx: its configuration, pid, logs and temporary files all live in DIR.
#
#   scripts/http_server.sh start DIR DOCROOT
#   scripts/http_server.sh stop DIR               (and removes DIR)
#
# After start: DIR/http_port, DIR/https_port (certificate for IP 127.0.0.1 signed by DIR/ca.pem), DIR/bad_https_port
# (a certificate signed by DIR/ca.pem but for another name), DIR/other_ca.pem (an unrelated CA), DIR/basic_auth
# (USER:PASSWORD, required under /private/), DIR/bearer_token (TOKEN, "Authorization: Bearer TOKEN" required under
# /bearer/). Both map to DOCROOT/private/ and DOCROOT/bearer/. /paced/ serves DOCROOT at most 8 MB/s a connection
# (nginx's limit_rate), as a distant server or an object store serves one connection. Ranges (206), ETag,
# Last-Modified, If-Match and If-Range are nginx's own.
set -euo pipefail

usage() { sed -n '2,13p' "$0" >&2; exit 2; }
PATH=$PATH:/usr/sbin:/sbin  # nginx is in /usr/sbin
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/scratch.sh
source "$here/scratch.sh"
# shellcheck source=scripts/test_servers.sh
source "$here/test_servers.sh"
[[ $# -ge 2 ]] || usage
action=$1 dir=$2

config() {
  local docroot=$1 http=$2 https=$3 bad=$4
  # As root, nginx's workers would run as nobody, who may not reach DOCROOT (a clone under a home of mode 700).
  ((EUID == 0)) && echo "user root root;"
  cat <<CONF
worker_processes 2;
pid $dir/nginx.pid;
error_log $dir/error.log warn;
events { worker_connections 256; }
http {
  access_log $dir/access.log;
  client_body_temp_path $dir/tmp/body;
  proxy_temp_path $dir/tmp/proxy;
  fastcgi_temp_path $dir/tmp/fastcgi;
  uwsgi_temp_path $dir/tmp/uwsgi;
  scgi_temp_path $dir/tmp/scgi;
  default_type application/octet-stream;
  sendfile on;
  root $docroot;
  ssl_certificate_key $dir/server-key.pem;
  server {
    listen 127.0.0.1:$http;
    listen 127.0.0.1:$https ssl;
    ssl_certificate $dir/server.pem;
    location /private/ { auth_basic "fastload test"; auth_basic_user_file $dir/htpasswd; }
    location /bearer/ { if (\$http_authorization != "Bearer $(cat "$dir/bearer_token")") { return 401; } }
    location /paced/ { alias $docroot/; limit_rate 8m; }
  }
  server {
    listen 127.0.0.1:$bad ssl;
    ssl_certificate $dir/wrong-name.pem;
    ssl_certificate_key $dir/wrong-name-key.pem;
  }
}
CONF
}

start() {
  local docroot ports=()
  [[ -d $1 ]] || { echo "fastload: no directory $1 to serve" >&2; exit 1; }
  docroot=$(cd "$1" && pwd)
  mkdir -p "$dir/tmp"
  dir=$(cd "$dir" && pwd)
  if [[ -f $dir/nginx.pid ]] && kill -0 "$(cat "$dir/nginx.pid")" 2>/dev/null; then
    echo "fastload: an nginx already runs for $dir" >&2; return 0
  fi
  test_certs "$dir"
  [[ -f $dir/basic_auth ]] || echo "fastload:secret-$RANDOM$RANDOM" >"$dir/basic_auth"
  [[ -f $dir/bearer_token ]] || echo "token-$RANDOM$RANDOM" >"$dir/bearer_token"
  printf '%s:%s\n' "$(cut -d: -f1 "$dir/basic_auth")" "$(cut -d: -f2- "$dir/basic_auth" | openssl passwd -apr1 -stdin)" \
    >"$dir/htpasswd"
  # A port free now may be taken before nginx binds it (another test starting): then new ports, a few times.
  for _ in 1 2 3 4 5; do
    ports=("$(free_port)")
    ports+=("$(free_port "${ports[@]}")")
    ports+=("$(free_port "${ports[@]}")")
    config "$docroot" "${ports[@]}" >"$dir/nginx.conf"
    # -e: nginx opens its default error log (under /var/log) before it reads the configuration.
    # shellcheck disable=SC2094  # nginx appends to its log, as this does
    if nginx -p "$dir" -e "$dir/error.log" -c "$dir/nginx.conf" 2>>"$dir/error.log"; then
      echo "${ports[0]}" >"$dir/http_port"
      echo "${ports[1]}" >"$dir/https_port"
      echo "${ports[2]}" >"$dir/bad_https_port"
      return 0
    fi
    grep -q 'Address already in use' "$dir/error.log" || break
  done
  cat "$dir/error.log" >&2
  echo "fastload: nginx did not start (in $dir)" >&2; exit 1
}

case $action in
  start) [[ $# -eq 3 ]] || usage; start "$3" ;;
  stop) stop_pid "$dir/nginx.pid"; rm -rf "$dir" ;;
  *) usage ;;
esac
