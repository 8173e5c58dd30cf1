// The errors the server (or the client library) returns, and the classes
// fastload acts on; the numbers' names are in base/server_codes.h.
#pragma once

#include <exception>
#include <string>
#include <string_view>

#include "base/base.h"

namespace fastload::db {

// An error the server (or the client library) returned for a statement. A Failure like any other: where no code
// that knows what the statement was for explains it, it ends the run as it is, exit 9 (load_failed), its
// `what()` the whole message ("the server failed a statement: ... (error N)") and its server code the number.
// `code()` is the server's number here (it hides Failure::code(), the exit code, which a `const Failure&` gives);
// `server_message()` is the server's own words, which the code that explains the error quotes.
class ServerError : public Failure {
 public:
  ServerError(unsigned code, std::string sqlstate, const std::string& message);
  unsigned code() const { return code_; }
  const std::string& sqlstate() const { return sqlstate_; }
  const std::string& server_message() const { return message_; }

 private:
  unsigned code_;
  std::string sqlstate_;
  std::string message_;
};
// What an exception caught as std::exception says, for a message that quotes it: a ServerError in the server's own
// words (as before ServerError became a Failure), any other its what().
inline std::string message_of(const std::exception& e) {
  if (const auto* server = dynamic_cast<const ServerError*>(&e)) return server->server_message();
  return e.what();
}

// The connection is gone: what the server did with an unfinished transaction
// is a rollback, but a COMMIT's outcome is unknown.
bool is_connection_lost(unsigned code);

// Worth trying the chunk again for: a deadlock, a lock wait timeout or a lost
// connection roll the transaction back, and the same statements may well
// succeed a moment later.
bool is_transient(unsigned code);

// "This row's data is refused" (a bad value, a duplicate key, a constraint),
// as opposed to a failing server or connection; see design.md "One problem,
// one answer".
bool is_data_error(unsigned code);

// The rows LOAD DATA LOCAL skips rather than stores changed (a duplicate key,
// no partition for the value, none of --partition's).
bool is_skipped_row(unsigned code);

// The user lacks a privilege (on the database, the table, or a global one).
bool is_privilege_denied(unsigned code);

// The server refused a write because it is read-only (read_only, a replica,
// super_read_only, a READ ONLY transaction), not for the user's privileges.
// 1290 is that only when its message names the option.
bool is_read_only(unsigned code, std::string_view message);
inline bool is_read_only(const ServerError& e) { return is_read_only(e.code(), e.server_message()); }

// The server refuses LOAD DATA LOCAL (local_infile off).
bool refuses_local_infile(unsigned code);

// LOAD DATA INFILE (--mode server): the server cannot read the file (it is
// missing, unreadable, or outside secure_file_priv). Only there: elsewhere
// these codes are the server's own trouble.
bool is_file_unreadable(unsigned code);

// The server refused SQL the user wrote (a --set expression): a syntax
// error, an unknown column or function, a wrong call, a collation mix.
bool is_expression_error(unsigned code);

// One transaction cannot hold that many rows on this server (binary log
// cache, lock table, binary log format).
bool is_transaction_too_large(unsigned code);

// What to do about a connection the server (or the client library) refused with `code`: one sentence that fits
// it (too many connections, a blocked host, a locked account, TLS, ...), the general one for any other.
std::string connect_hint(unsigned code);

// What to do about a statement of the load the server failed with `code` (not a row's data: those name their
// row), when nothing more particular is known: one sentence that fits it (a lock held by another session, a
// full disk, a statement time limit, a KILL, ...), or "" where the server's own message is all there is.
std::string load_hint(unsigned code);

}  // namespace fastload::db
