// One connection to the server (RAII over MYSQL*). Every session refuses
// LOAD DATA LOCAL file requests from the moment it exists, except for the one
// statement it was told to serve, and then serves only the bytes it was given,
// whatever file name the server sends back.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plan/plan.h"
#include "db/server_errors.h"
#include "db/stop_signal.h"
#include "text/text.h"  // quote_identifier, for the statements a session runs

typedef struct st_mysql MYSQL;

namespace fastload::input {
class MappedFile;
}

namespace fastload::db {

using Row = std::vector<std::optional<std::string>>;

// --connect-timeout: the seconds a connection may take to be set up (0: the
// library's default, no limit). Called once, before any session exists.
inline constexpr unsigned kDefaultConnectTimeout = 10;

// Every session speaks utf8mb4: the names of databases, tables, columns and
// files are given in it. A file in another --charset says so in each
// statement that carries its bytes (LOAD DATA ... CHARACTER SET, _latin1'...').
inline constexpr const char* kConnectionCharset = "utf8mb4";
void set_connect_timeout(unsigned seconds);

struct InfileStream;
class RateLimiter;

class Session {
 public:
  // Throws Failure(ExitCode::connect). `password` overrides the options' one.
  // `compress` (--compress): the protocol's compression, checked on the server
  // once connected (Failure(ExitCode::connect) when the server did not agree).
  Session(const request::ConnectionOptions& options, const std::optional<std::string>& password, bool compress = false);
  ~Session();
  Session(const Session&) = delete;
  Session& operator=(const Session&) = delete;

  void execute(std::string_view sql);             // throws ServerError
  // The default database, for what statements name without one (a --set
  // subquery's table, a function), as the mysql client's USE. Throws ServerError.
  void use_database(const std::string& database);
  // Throws ServerError. `columns`, when given, gets the result's column names (SHOW SLAVE STATUS's, say).
  std::vector<Row> query(std::string_view sql, std::vector<std::string>* columns = nullptr);
  std::optional<std::string> query_value(std::string_view sql);
  // The session's max_allowed_packet (1M, the server's default, when the server does not say), read once.
  std::uint64_t max_allowed_packet();
  std::string quote_string(std::string_view text);  // a '...' literal in the connection's charset
  void append_quoted(std::string& out, std::string_view text);  // the same, appended to `out`

  // Runs `sql` (a LOAD DATA LOCAL statement) serving exactly `bytes` as the
  // file. Returns false with `read_error` set when the bytes could not all be
  // read: the server then got a truncated file, and the caller must roll back.
  bool load_local(std::string_view sql, std::string_view bytes, std::string& read_error);

  // --max-rate: every byte of SQL text and LOAD DATA LOCAL data this session
  // sends is taken from `limiter` first (nullptr: no limit). Bytes that go
  // around the session (prepared statements' parameters) are the caller's to
  // throttle().
  void set_rate_limiter(RateLimiter* limiter) { limiter_ = limiter; }
  // LOAD DATA LOCAL bytes that lie in one of `files` are handed back to the
  // page cache as they are sent, so a chunk as large as the file (--mode bulk)
  // does not keep the whole file resident.
  void release_sent_pages(std::vector<const input::MappedFile*> files) { mapped_ = std::move(files); }
  // Every byte this session hands to the server passes here (SQL text, LOAD DATA LOCAL packets; the caller's
  // prepared parameters): taken from --max-rate's bucket, then counted.
  void throttle(std::uint64_t bytes) noexcept;
  // The bytes sent are also added to `load_total` (the progress's count, shared by the workers' sessions).
  void count_sent(std::atomic<std::uint64_t>* load_total) { sent_total_ = load_total; }
  // The bytes sent since the last call.
  std::uint64_t take_sent() noexcept { return std::exchange(sent_, 0); }
  // The protocol compression the server said this connection uses ("zlib",
  // "zstd"), or "" when it is not compressed.
  const std::string& compression() const { return compression_; }

  std::string info() const;  // mysql_info() of the last statement, "" if none
  std::uint64_t affected_rows() const;
  unsigned warning_count() const;
  bool is_mariadb() const;
  // MariaDB's array binding (one prepared execution for many rows): both the
  // client library and the server must have it.
  bool supports_array_binding() const;
  MYSQL* handle() { return mysql_.get(); }  // for prepared statements
  // Marks a call on handle() as waiting for the server, so a stop signal can cut it (db/stop_signal.h).
  ServerCall call();
  // What a stop signal does to this session's call under way (db/stop_signal.h OnStop): a worker's calls are a
  // chunk's transaction, abandoned at once where the table can roll back, given kStopGrace for a COMMIT.
  void on_stop(OnStop what) { watched_->on_stop.store(what, std::memory_order_relaxed); }
  unsigned long server_version() const;  // e.g. 101119
  std::string server_info() const;       // e.g. "10.11.9-MariaDB"

 private:
  // Owners that undo what the constructor did, whichever step of it throws.
  struct CloseHandle {
    void operator()(MYSQL* mysql) const noexcept;
  };
  struct Unregister {
    void operator()(WatchedConnection* connection) const noexcept;
  };
  [[noreturn]] void throw_error() const;
  void send_query(std::string_view sql);  // throws ServerError
  void connect(const request::ConnectionOptions& options, const std::optional<std::string>& password);
  std::string negotiated_compression();
  void check_compression(const request::ConnectionOptions& options);
  // Destroyed in the reverse order: the watcher forgets the socket before it
  // closes, and the callbacks' state outlives the handle that points to it.
  std::unique_ptr<InfileStream> infile_;  // the LOAD DATA LOCAL callbacks' state; only this session's thread
  std::unique_ptr<MYSQL, CloseHandle> mysql_;
  std::unique_ptr<WatchedConnection, Unregister> watched_;  // registered with the stop watcher while connected
  RateLimiter* limiter_ = nullptr;
  std::uint64_t max_allowed_packet_ = 0;  // 0: not read yet
  std::uint64_t sent_ = 0;  // bytes sent since take_sent()
  std::atomic<std::uint64_t>* sent_total_ = nullptr;  // see count_sent
  std::vector<const input::MappedFile*> mapped_;  // see release_sent_pages
  std::string compression_;
};

}  // namespace fastload::db
