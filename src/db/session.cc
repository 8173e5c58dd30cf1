#include "db/session.h"

#include "db/server_errors.h"

#include <algorithm>
#include <cstring>
#include <errmsg.h>
#include <fmt/core.h>
#include <mysql.h>

#include "base/base.h"
#include "input/input.h"
#include "db/rate_limit.h"
#include "db/stop_signal.h"
#include "db/stoppable_connect.h"

namespace fastload::db {

// State of the LOAD DATA LOCAL callbacks of one session.
struct InfileStream {
  std::string_view bytes;
  std::size_t sent = 0;
  bool armed = false;        // true only while load_local() runs its statement
  bool read_failed = false;
  std::string error;         // why the last request was refused or failed
  Session* session = nullptr;  // throttles and counts each packet's bytes before they go (Session::throttle)
  const input::MappedFile* file = nullptr;  // the mapping `bytes` lie in, if any: sent pages are handed back
  std::size_t released = 0;                 // bytes before this were handed back
};

namespace {

int infile_init(void** state, const char* filename, void* userdata) noexcept {
  auto* stream = static_cast<InfileStream*>(userdata);
  *state = stream;
  if (!stream->armed) {
    stream->error = fmt::format("the server asked for the local file '{}', which fastload did "
                                "not offer; refused (is this the server you meant to connect to?)",
                                filename ? filename : "");
    return 1;
  }
  stream->armed = false;  // one file per statement
  stream->sent = 0;
  stream->released = 0;
  return 0;
}

int infile_read(void* state, char* buffer, unsigned int size) noexcept {
  auto* stream = static_cast<InfileStream*>(state);
  std::size_t n = std::min<std::size_t>(size, stream->bytes.size() - stream->sent);
  stream->session->throttle(n);  // the library sends the packet once we return
  if (!input::guarded_copy(buffer, stream->bytes.data() + stream->sent, n)) {
    stream->read_failed = true;
    stream->error = fmt::format("reading the input failed at byte {} of the chunk (was the file "
                                "truncated while loading?)", stream->sent);
    return -1;
  }
  stream->sent += n;
  constexpr std::size_t kReleaseStep = 8 << 20;  // one madvise per 8 MB sent
  if (stream->file && stream->sent - stream->released >= kReleaseStep) {
    auto at = static_cast<std::uint64_t>(stream->bytes.data() - stream->file->bytes().data());
    stream->file->release(at + stream->released, at + stream->sent);  // a retry faults them in again
    stream->released = stream->sent;
  }
  return static_cast<int>(n);
}

void infile_end(void*) noexcept {}

int infile_error(void* state, char* buffer, unsigned int size) noexcept {
  auto* stream = static_cast<InfileStream*>(state);
  if (size > 0) {
    std::size_t n = std::min<std::size_t>(size - 1, stream->error.size());
    std::memcpy(buffer, stream->error.data(), n);
    buffer[n] = '\0';
  }
  return CR_UNKNOWN_ERROR;
}

void set_option(MYSQL* mysql, mysql_option option, const void* value) {
  if (mysql_options(mysql, option, value) != 0)
    throw Failure(ExitCode::connect, fmt::format("the MySQL client library refused option {}; "
                                                 "it may be too old", static_cast<int>(option)));
}

void set_tls(MYSQL* mysql, const request::ConnectionOptions& o) {
  if (!o.ssl_ca.empty()) set_option(mysql, MYSQL_OPT_SSL_CA, o.ssl_ca.c_str());
  if (o.ssl_mode.empty()) return;
#if defined(FASTLOAD_HAVE_SSL_MODE)
  static const std::pair<const char*, unsigned> modes[] = {
      {"DISABLED", SSL_MODE_DISABLED}, {"PREFERRED", SSL_MODE_PREFERRED}, {"REQUIRED", SSL_MODE_REQUIRED},
      {"VERIFY_CA", SSL_MODE_VERIFY_CA}, {"VERIFY_IDENTITY", SSL_MODE_VERIFY_IDENTITY}};
  for (auto [name, mode] : modes)
    if (o.ssl_mode == name) set_option(mysql, MYSQL_OPT_SSL_MODE, &mode);
#elif defined(FASTLOAD_HAVE_SSL_ENFORCE)
  my_bool enforce = o.ssl_mode != "DISABLED" && o.ssl_mode != "PREFERRED";
  my_bool verify = o.ssl_mode == "VERIFY_CA" || o.ssl_mode == "VERIFY_IDENTITY";
  set_option(mysql, MYSQL_OPT_SSL_ENFORCE, &enforce);
  set_option(mysql, MYSQL_OPT_SSL_VERIFY_SERVER_CERT, &verify);
#else
  if (o.ssl_mode != "DISABLED" && o.ssl_mode != "PREFERRED")
    throw Failure(ExitCode::connect, "this MySQL client library cannot enforce --ssl-mode");
#endif
}

// --compress: zstd where the library lets the client offer algorithms
// (Oracle's 8.0.18 on; the server takes the first it has, MariaDB's zlib),
// else the classic zlib protocol compression.
void set_compression(MYSQL* mysql) {
#if defined(FASTLOAD_HAVE_COMPRESSION_ALGORITHMS)
  set_option(mysql, MYSQL_OPT_COMPRESSION_ALGORITHMS, "zstd,zlib");
#else
  set_option(mysql, MYSQL_OPT_COMPRESS, nullptr);
#endif
}

// What an option file gave for the library, by the names its own reader knows them by (cli/file_arguments.h).
void set_library_options(MYSQL* mysql, const request::ConnectionOptions& o) {
  static const std::pair<std::string_view, mysql_option> kOptions[] = {
      {"ssl-cert", MYSQL_OPT_SSL_CERT},         {"ssl-key", MYSQL_OPT_SSL_KEY},
      {"ssl-capath", MYSQL_OPT_SSL_CAPATH},     {"ssl-cipher", MYSQL_OPT_SSL_CIPHER},
      {"ssl-crl", MYSQL_OPT_SSL_CRL},           {"ssl-crlpath", MYSQL_OPT_SSL_CRLPATH},
      {"plugin-dir", MYSQL_PLUGIN_DIR},         {"default-auth", MYSQL_DEFAULT_AUTH},
      {"tls-version", MYSQL_OPT_TLS_VERSION}};
  for (const auto& [name, value] : o.library_options) {
    auto known = std::find_if(std::begin(kOptions), std::end(kOptions), [&](const auto& k) { return k.first == name; });
    if (known == std::end(kOptions)) throw internal_error(fmt::format("no client library option '{}'", name));
    set_option(mysql, known->second, value.c_str());
  }
}

// --protocol, or -P/-S on the command line (cli/cli.cc): TCP to localhost too, as the mariadb client.
void set_protocol(MYSQL* mysql, request::Protocol protocol) {
  if (protocol == request::Protocol::any) return;
  unsigned int chosen = protocol == request::Protocol::tcp ? MYSQL_PROTOCOL_TCP : MYSQL_PROTOCOL_SOCKET;
  set_option(mysql, MYSQL_OPT_PROTOCOL, &chosen);
}

bool tls_required(const request::ConnectionOptions& o) {
  return o.ssl_mode == "REQUIRED" || o.ssl_mode == "VERIFY_CA" || o.ssl_mode == "VERIFY_IDENTITY";
}

// The server as the client library chooses it: a unix socket for no host or "localhost" (unless TCP was asked
// for) or when SOCKET was asked for, else TCP to host:port; a socket an option file names is not used for another
// host, so naming it would send the user to the wrong place.
std::string describe_server(const request::ConnectionOptions& o) {
  bool socket = o.protocol == request::Protocol::socket ||
                (o.protocol != request::Protocol::tcp && (o.host.empty() || o.host == "localhost"));
  if (!socket) return fmt::format("{}:{}", o.host.empty() ? "localhost" : o.host, o.port ? o.port : 3306);
  return o.socket.empty() ? std::string("the default socket") : fmt::format("socket {}", o.socket);
}

// Written once by set_connect_timeout before any session exists, then only read.
unsigned connect_timeout_seconds = kDefaultConnectTimeout;

// Everything set before connecting. Callbacks first: from here on, no file leaves this process unasked.
void configure(MYSQL* mysql, InfileStream* infile, const request::ConnectionOptions& o, bool compress) {
  mysql_set_local_infile_handler(mysql, infile_init, infile_read, infile_end, infile_error, infile);
  unsigned int local_infile = 1;
  set_option(mysql, MYSQL_OPT_LOCAL_INFILE, &local_infile);
  // No MYSQL_READ_DEFAULT_GROUP or _FILE: fastload read the option files itself (cli/option_files.h), and
  // what they gave is in `o`; a second reading by the library could disagree (docs/design.md#option-files).
  set_protocol(mysql, o.protocol);
  set_library_options(mysql, o);
  set_option(mysql, MYSQL_SET_CHARSET_NAME, kConnectionCharset);
  // Bounds the TCP connect and the wait for the server's greeting; statements
  // get no read timeout: a chunk's LOAD DATA or an ALTER may rightly run long.
  if (connect_timeout_seconds > 0) set_option(mysql, MYSQL_OPT_CONNECT_TIMEOUT, &connect_timeout_seconds);
  set_tls(mysql, o);
  if (compress) set_compression(mysql);
  allow_stopped_connect(mysql);
}

}  // namespace

void set_connect_timeout(unsigned seconds) { connect_timeout_seconds = seconds; }

void Session::CloseHandle::operator()(MYSQL* mysql) const noexcept { mysql_close(mysql); }

void Session::Unregister::operator()(WatchedConnection* connection) const noexcept {
  unregister_connection(connection);  // before its socket closes: the handle is closed after this
  delete connection;
}

// Each step that throws leaves the members built so far to close the handle.
Session::Session(const request::ConnectionOptions& o, const std::optional<std::string>& password, bool compress)
    : infile_(std::make_unique<InfileStream>()), mysql_(mysql_init(nullptr)) {
  if (!mysql_) throw Failure(ExitCode::internal, "out of memory creating a connection");
  configure(mysql_.get(), infile_.get(), o, compress);
  connect(o, password);
  if (compress) check_compression(o);
  auto watched = std::make_unique<WatchedConnection>();
  watched->socket = static_cast<int>(mysql_get_socket(mysql_.get()));
  register_connection(watched.get());  // when it throws, nothing was registered
  watched_.reset(watched.release());
}

void Session::connect(const request::ConnectionOptions& o, const std::optional<std::string>& password) {
  auto text = [](const std::string& s) { return s.empty() ? nullptr : s.c_str(); };
  const auto& pw = password ? password : o.password;
  const ConnectResult result = connect_unless_stopped(
      mysql_.get(), {text(o.host), text(o.user), pw ? pw->c_str() : nullptr, o.port, text(o.socket)});
  if (result == ConnectResult::stopped)
    throw Failure(ExitCode::interrupted, fmt::format("stopped by signal {} while connecting to {}, which had not "
                                                     "answered yet; run the same command again", stop_signal(),
                                                     describe_server(o)));
  if (result == ConnectResult::failed) {
    std::string why = mysql_error(mysql_.get());
    unsigned code = mysql_errno(mysql_.get());
    throw Failure(ExitCode::connect, fmt::format("cannot connect to {}: {} (error {}); {}",
                                                 describe_server(o), why, code, connect_hint(code)), code);
  }
  // Some client libraries accept the TLS options yet connect in clear text to
  // a server without TLS: check what was negotiated, whatever the library.
  if (tls_required(o) && mysql_get_ssl_cipher(mysql_.get()) == nullptr)
    throw Failure(ExitCode::connect, fmt::format("{} did not set up TLS, and --ssl-mode {} requires it; "
                                                 "enable TLS on the server or change --ssl-mode",
                                                 describe_server(o), o.ssl_mode));
}

// As with TLS: what counts is what the server says it negotiated.
void Session::check_compression(const request::ConnectionOptions& o) {
  try {
    compression_ = negotiated_compression();
  } catch (const ServerError& e) {
    throw Failure(ExitCode::connect, fmt::format("{}: cannot read the connection's compression: {} "
                                                 "(error {})", describe_server(o), e.server_message(), e.code()));
  }
  if (!compression_.empty()) return;
  throw Failure(ExitCode::connect, fmt::format("{} did not agree to compress the connection, which "
                                               "--compress asks for; leave out --compress", describe_server(o)));
}

Session::~Session() = default;  // the members undo the constructor, in their reverse order (session.h)

ServerCall Session::call() { return ServerCall(watched_.get()); }  // none while connecting

void Session::throw_error() const {
  throw ServerError(mysql_errno(mysql_.get()), mysql_sqlstate(mysql_.get()), mysql_error(mysql_.get()));
}

void Session::send_query(std::string_view sql) {
  if (mysql_real_query(mysql_.get(), sql.data(), sql.size()) != 0) throw_error();
}

void Session::use_database(const std::string& database) {
  if (mysql_select_db(mysql_.get(), database.c_str()) != 0) throw_error();
}

void Session::throttle(std::uint64_t bytes) noexcept {
  if (limiter_) limiter_->acquire(bytes);
  sent_ += bytes;
  if (sent_total_) sent_total_->fetch_add(bytes, std::memory_order_relaxed);
}

void Session::execute(std::string_view sql) {
  throttle(sql.size());
  ServerCall waiting = call();  // after the throttle: only the server's answer is waited for here
  send_query(sql);
  // A statement may still return rows (SHOW, a procedure); drain them.
  if (MYSQL_RES* result = mysql_store_result(mysql_.get())) mysql_free_result(result);
  else if (mysql_field_count(mysql_.get()) != 0) throw_error();
}

std::vector<Row> Session::query(std::string_view sql, std::vector<std::string>* column_names) {
  throttle(sql.size());
  ServerCall waiting = call();  // after the throttle: only the server's answer is waited for here
  send_query(sql);
  MYSQL_RES* result = mysql_store_result(mysql_.get());
  if (!result) {
    if (mysql_field_count(mysql_.get()) != 0) throw_error();
    return {};
  }
  std::vector<Row> rows;
  unsigned columns = mysql_num_fields(result);
  if (column_names) {
    column_names->clear();
    const MYSQL_FIELD* fields = mysql_fetch_fields(result);
    for (unsigned i = 0; i < columns; ++i) column_names->emplace_back(fields[i].name, fields[i].name_length);
  }
  while (MYSQL_ROW row = mysql_fetch_row(result)) {
    unsigned long* lengths = mysql_fetch_lengths(result);
    Row& out = rows.emplace_back(columns);
    for (unsigned i = 0; i < columns; ++i)
      if (row[i]) out[i] = std::string(row[i], lengths[i]);
  }
  mysql_free_result(result);
  return rows;
}

std::optional<std::string> Session::query_value(std::string_view sql) {
  auto rows = query(sql);
  if (rows.empty() || rows[0].empty()) return std::nullopt;
  return rows[0][0];
}

std::uint64_t Session::max_allowed_packet() {
  if (max_allowed_packet_ == 0)
    max_allowed_packet_ = std::stoull(query_value("SELECT @@max_allowed_packet").value_or("1048576"));
  return max_allowed_packet_;
}

std::string Session::quote_string(std::string_view text) {
  std::string quoted;
  append_quoted(quoted, text);
  return quoted;
}

void Session::append_quoted(std::string& out, std::string_view text) {
  std::size_t at = out.size();
  out.resize(at + text.size() * 2 + 2);
  out[at] = '\'';
  // Escapes as the server expects under its sql_mode (NO_BACKSLASH_ESCAPES included).
  unsigned long n = mysql_real_escape_string(mysql_.get(), out.data() + at + 1, text.data(), text.size());
  out.resize(at + 1 + n);
  out += '\'';
}

bool Session::load_local(std::string_view sql, std::string_view bytes, std::string& read_error) {
  const input::MappedFile* file = nullptr;
  for (const input::MappedFile* m : mapped_)
    if (m->holds(bytes)) file = m;
  *infile_ = InfileStream{bytes, 0, true, false, {}, this, file, 0};
  throttle(sql.size());
  ServerCall waiting = call();
  bool ok = mysql_real_query(mysql_.get(), sql.data(), sql.size()) == 0;
  infile_->armed = false;
  if (infile_->read_failed) {
    read_error = infile_->error;
    return false;
  }
  if (!ok) throw_error();
  return true;
}

std::string Session::negotiated_compression() {
  std::string on, algorithm = "zlib";  // MariaDB has zlib only, and no status variable naming it
  for (const Row& r : query("SHOW SESSION STATUS LIKE 'Compression%'")) {
    if (r.size() < 2) continue;
    if (r[0] == "Compression") on = r[1].value_or("");
    if (r[0] == "Compression_algorithm") algorithm = r[1].value_or(algorithm);
  }
  return on == "ON" ? algorithm : "";
}

std::string Session::info() const {
  const char* text = mysql_info(mysql_.get());
  return text ? text : "";
}

std::uint64_t Session::affected_rows() const { return mysql_affected_rows(mysql_.get()); }
unsigned Session::warning_count() const { return mysql_warning_count(mysql_.get()); }
unsigned long Session::server_version() const { return mysql_get_server_version(mysql_.get()); }
std::string Session::server_info() const {
  const char* info = mysql_get_server_info(mysql_.get());
  return info ? info : "";
}
bool Session::supports_array_binding() const {
#if defined(FASTLOAD_HAVE_ARRAY_BINDING) && defined(FASTLOAD_HAVE_BULK_REQUEST)  // sink/bulk_request.h
  unsigned long capabilities = 0;
  if (mariadb_get_infov(mysql_.get(), MARIADB_CONNECTION_EXTENDED_SERVER_CAPABILITIES, &capabilities) != 0)
    return false;
  return (capabilities & (MARIADB_CLIENT_STMT_BULK_OPERATIONS >> 32)) != 0;
#else
  return false;
#endif
}

bool Session::is_mariadb() const {
  const char* info = mysql_get_server_info(mysql_.get());
  return info && std::strstr(info, "MariaDB") != nullptr;
}

}  // namespace fastload::db
