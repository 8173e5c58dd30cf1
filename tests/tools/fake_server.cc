// fake-server SOCKET_PATH LOG_FILE [--ask FILE] [--ask-on load|all|load-twice|after-load]
//             [--hang connect|handshake|load]
//
// A hostile MySQL server on a unix socket, to check that a client hands out no
// file it did not mean to send. It speaks just enough of the protocol for
// MariaDB Connector/C and fastload: handshake (any credentials pass), COM_PING,
// COM_QUIT and COM_QUERY. Instead of running a query it may answer with a LOAD
// DATA LOCAL request for FILE (default /etc/passwd):
//   --ask-on load        only LOAD DATA statements (the default);
//   --ask-on all         every statement, SELECTs and START TRANSACTION included;
//   --ask-on load-twice  LOAD DATA statements, and once more when the client
//                        sent bytes: a client must serve one file per statement.
//   --ask-on after-load  every statement after the connection's first LOAD
//                        DATA, which itself gets "Records: 0" and no request.
// Other statements get a plain OK, except the SELECTs fastload's checks need.
// A server that stops answering, for the client's timeouts and signals:
//   --hang connect    accepts connections and never sends the greeting;
//   --hang handshake  completes the handshake, then never answers a command;
//   --hang load       answers as above, but every LOAD DATA after the first
//                     one it serves (fastload's empty test statement) gets no answer.
// A hung statement is logged as "HUNG: <text>".
//
// LOG_FILE gets one line per event: LISTENING, CONNECT (with whether the client
// offered LOCAL INFILE), "QUERY: <text>" and "RECEIVED <n> bytes: <bytes>", the
// bytes escaped C-style (\\ \n \t \r \xNN) so a line is one exchange. Single
// threaded: poll() picks the next connection with a command, which is then
// served to the end; clients answer promptly, so blocking reads are fine.
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

namespace {

constexpr uint32_t kLongPassword = 0x1, kLongFlag = 0x4, kConnectWithDb = 0x8, kLocalFiles = 0x80,
                   kProtocol41 = 0x200, kTransactions = 0x2000, kSecureConnection = 0x8000,
                   kPluginAuth = 0x80000;
// CLIENT_LONG_PASSWORD set: a MySQL server, so no MariaDB extended capabilities.
constexpr uint32_t kServerCapabilities = kLongPassword | kLongFlag | kConnectWithDb | kLocalFiles |
                                         kProtocol41 | kTransactions | kSecureConnection | kPluginAuth;
constexpr uint16_t kStatusAutocommit = 0x2;
constexpr uint8_t kComQuit = 0x01, kComQuery = 0x03, kComPing = 0x0e;
constexpr uint8_t kUtf8mb4GeneralCi = 45, kTypeVarString = 0xfd;

enum class AskOn { load, all, load_twice, after_load };
enum class Hang { never, connect, handshake, load };

struct Config {
  std::string socket_path, log_path, ask = "/etc/passwd";
  AskOn ask_on = AskOn::load;
  Hang hang = Hang::never;
};

int g_loads_served = 0;  // LOAD DATA statements answered, all connections together

struct Connection {
  int fd = -1;
  uint8_t seq = 0;     // sequence id of the next packet, either way
  bool loaded = false;  // a LOAD DATA came on this connection
};

FILE* g_log = nullptr;

void log_line(const std::string& line) {
  std::fprintf(g_log, "%s\n", line.c_str());
  std::fflush(g_log);  // the test reads the log while the server runs
}

std::string escape(std::string_view bytes) {
  std::string out;
  for (unsigned char c : bytes) {
    char hex[5];
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c >= 0x20 && c < 0x7f) {
          out += static_cast<char>(c);
        } else {
          std::snprintf(hex, sizeof hex, "\\x%02x", c);
          out += hex;
        }
    }
  }
  return out;
}

// --- packets -------------------------------------------------------------

bool read_full(int fd, char* buffer, size_t size) {
  while (size > 0) {
    ssize_t n = read(fd, buffer, size);
    if (n <= 0) return false;
    buffer += n;
    size -= static_cast<size_t>(n);
  }
  return true;
}

bool write_full(int fd, const std::string& bytes) {
  for (size_t done = 0; done < bytes.size();) {
    ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

// One packet's payload; the requests here never reach the 16 MB split size.
bool read_packet(Connection& c, std::string& payload) {
  unsigned char header[4];
  if (!read_full(c.fd, reinterpret_cast<char*>(header), 4)) return false;
  payload.resize(header[0] | header[1] << 8 | header[2] << 16);
  c.seq = static_cast<uint8_t>(header[3] + 1);
  return read_full(c.fd, payload.data(), payload.size());
}

bool write_packet(Connection& c, const std::string& payload) {
  size_t n = payload.size();
  std::string packet{static_cast<char>(n), static_cast<char>(n >> 8), static_cast<char>(n >> 16),
                     static_cast<char>(c.seq++)};
  return write_full(c.fd, packet + payload);
}

std::string int_le(uint64_t value, int bytes) {
  std::string out;
  for (int i = 0; i < bytes; ++i) out += static_cast<char>(value >> (8 * i));
  return out;
}

std::string lenenc(uint64_t n) {
  if (n < 251) return int_le(n, 1);
  if (n < 0x10000) return "\xfc" + int_le(n, 2);
  if (n < 0x1000000) return "\xfd" + int_le(n, 3);
  return "\xfe" + int_le(n, 8);
}

std::string lenenc(std::string_view text) { return lenenc(text.size()) + std::string(text); }

// The info text length-prefixed, as servers send it and libmariadb reads it.
std::string ok_packet(uint64_t affected, std::string_view info) {
  return std::string(1, '\0') + lenenc(affected) + lenenc(uint64_t{0}) + int_le(kStatusAutocommit, 2) +
         int_le(0, 2) + (info.empty() ? "" : lenenc(info));
}

std::string eof_packet() { return "\xfe" + int_le(0, 2) + int_le(kStatusAutocommit, 2); }

std::string column_definition(std::string_view name) {
  return lenenc("def") + lenenc("") + lenenc("") + lenenc("") + lenenc(name) + lenenc(name) + lenenc(12) +
         int_le(kUtf8mb4GeneralCi, 2) + int_le(1024, 4) + int_le(kTypeVarString, 1) + int_le(0, 2) +
         int_le(0, 1) + int_le(0, 2);
}

// A text result set of one row, without CLIENT_DEPRECATE_EOF (not offered).
bool send_row(Connection& c, const std::vector<std::string>& names, const std::vector<std::string>& row) {
  bool ok = write_packet(c, lenenc(names.size()));
  for (const auto& name : names) ok = ok && write_packet(c, column_definition(name));
  std::string values;
  for (const auto& value : row) values += lenenc(value);
  return ok && write_packet(c, eof_packet()) && write_packet(c, values) && write_packet(c, eof_packet());
}

// --- connection phase ----------------------------------------------------

bool handshake(Connection& c, uint32_t thread_id) {
  const std::string scramble = "fake-scramble-123456", nul(1, '\0');  // 20 bytes, no NUL in them
  // Protocol 10; not "MariaDB" in the version, so fastload takes its MySQL paths.
  std::string greeting = "\x0a" "5.7.99-fake" + nul + int_le(thread_id, 4) + scramble.substr(0, 8) + nul +
                         int_le(kServerCapabilities & 0xffff, 2) + int_le(kUtf8mb4GeneralCi, 1) +
                         int_le(kStatusAutocommit, 2) + int_le(kServerCapabilities >> 16, 2) +
                         int_le(scramble.size() + 1, 1) + std::string(10, '\0') + scramble.substr(8) + nul +
                         "mysql_native_password" + nul;
  std::string response;
  if (!write_packet(c, greeting) || !read_packet(c, response) || response.size() < 32) return false;
  uint32_t flags = 0;
  for (int i = 3; i >= 0; --i) flags = flags << 8 | static_cast<unsigned char>(response[i]);
  std::string user = response.c_str() + 32;  // NUL-terminated after flags, max packet, charset, filler
  log_line("CONNECT " + std::to_string(thread_id) + " user=" + escape(user) +
           " local_files=" + (flags & kLocalFiles ? "yes" : "no"));
  return write_packet(c, ok_packet(0, ""));  // whatever the password
}

// --- commands ------------------------------------------------------------

// Asks the client for `file` and logs all it sends until its empty packet.
bool ask_for_file(Connection& c, const std::string& file, std::string& received) {
  log_line("ASK: " + escape(file));
  if (!write_packet(c, "\xfb" + file)) return false;
  std::string got, packet;
  do {
    if (!read_packet(c, packet)) return false;
    got += packet;
  } while (!packet.empty());
  log_line("RECEIVED " + std::to_string(got.size()) + " bytes: " + escape(got));
  received += got;
  return true;
}

bool starts_with_word(std::string_view text, std::string_view word) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
  if (text.size() < word.size()) return false;
  for (size_t i = 0; i < word.size(); ++i)
    if (std::toupper(static_cast<unsigned char>(text[i])) != word[i]) return false;
  return true;
}

// What fastload's checks ask for: the table's engine, and server variables.
bool answer_select(Connection& c, std::string_view query) {
  if (query.find("information_schema.TABLES") != std::string_view::npos)
    return send_row(c, {"ENGINE", "TRANSACTIONS"}, {"InnoDB", "YES"});
  size_t at = query.find("@@");
  if (at == std::string_view::npos) return write_packet(c, ok_packet(0, ""));
  std::string name(query.substr(at));
  return send_row(c, {name}, {name == "@@innodb_flush_log_at_trx_commit" ? "1" : "0"});
}

std::string load_ok(uint64_t rows) {
  return ok_packet(rows, "Records: " + std::to_string(rows) + "  Deleted: 0  Skipped: 0  Warnings: 0");
}

// Whether this statement gets a file request instead of an answer.
bool should_ask(const Config& config, Connection& c, bool load) {
  bool after_load = c.loaded;
  c.loaded = c.loaded || load;
  switch (config.ask_on) {
    case AskOn::load: case AskOn::load_twice: return load;
    case AskOn::all: return true;
    case AskOn::after_load: return !load && after_load;
  }
  return false;
}

// Whether this statement is to get no answer at all (--hang).
bool hangs(const Config& config, bool load) {
  if (config.hang == Hang::handshake) return true;
  return config.hang == Hang::load && load && g_loads_served++ > 0;
}

bool answer_query(Connection& c, const Config& config, std::string_view query) {
  bool load = starts_with_word(query, "LOAD DATA");
  if (hangs(config, load)) {
    log_line("HUNG: " + escape(query));
    return true;  // the connection stays open; the client waits
  }
  log_line("QUERY: " + escape(query));
  if (!should_ask(config, c, load)) {
    if (load) return write_packet(c, load_ok(0));
    return starts_with_word(query, "SELECT") ? answer_select(c, query) : write_packet(c, ok_packet(0, ""));
  }
  // After a file request the client expects one OK or error packet, never rows.
  std::string received;
  if (!ask_for_file(c, config.ask, received)) return false;
  bool again = load && config.ask_on == AskOn::load_twice && !received.empty();
  if (again && !ask_for_file(c, config.ask, received)) return false;
  if (!load) return write_packet(c, ok_packet(0, ""));
  return write_packet(c, load_ok(std::count(received.begin(), received.end(), '\n')));
}

// Serves one command; false when the connection is over.
bool serve_command(Connection& c, const Config& config) {
  std::string packet;
  if (!read_packet(c, packet) || packet.empty()) return false;
  switch (static_cast<uint8_t>(packet[0])) {
    case kComQuit: log_line("QUIT"); return false;
    case kComPing: return config.hang == Hang::handshake || write_packet(c, ok_packet(0, ""));
    case kComQuery: return answer_query(c, config, std::string_view(packet).substr(1));
    default:
      log_line("COMMAND " + std::to_string(static_cast<uint8_t>(packet[0])) + " (answered OK)");
      return write_packet(c, ok_packet(0, ""));
  }
}

// --- main ----------------------------------------------------------------

int listen_on(const std::string& path) {
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  if (path.size() >= sizeof address.sun_path) return -1;
  std::memcpy(address.sun_path, path.c_str(), path.size() + 1);
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  unlink(path.c_str());
  if (fd < 0 || bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0 || listen(fd, 16) != 0)
    return -1;
  return fd;
}

bool parse_args(int argc, char** argv, Config& config) {
  if (argc < 3) return false;
  config.socket_path = argv[1];
  config.log_path = argv[2];
  for (int i = 3; i + 1 < argc; i += 2) {
    std::string option = argv[i], value = argv[i + 1];
    if (option == "--ask") config.ask = value;
    else if (option == "--ask-on" && value == "load") config.ask_on = AskOn::load;
    else if (option == "--ask-on" && value == "all") config.ask_on = AskOn::all;
    else if (option == "--ask-on" && value == "load-twice") config.ask_on = AskOn::load_twice;
    else if (option == "--ask-on" && value == "after-load") config.ask_on = AskOn::after_load;
    else if (option == "--hang" && value == "connect") config.hang = Hang::connect;
    else if (option == "--hang" && value == "handshake") config.hang = Hang::handshake;
    else if (option == "--hang" && value == "load") config.hang = Hang::load;
    else return false;
  }
  return argc % 2 == 1;
}

[[noreturn]] void serve(int listener, const Config& config) {
  std::vector<pollfd> fds{{listener, POLLIN, 0}};
  std::vector<Connection> connections{{listener, 0}};  // parallel to fds
  uint32_t thread_id = 1;
  std::vector<int> held;  // --hang connect: accepted connections never greeted
  for (;;) {
    if (poll(fds.data(), fds.size(), -1) < 0) continue;  // EINTR
    for (size_t i = fds.size(); i-- > 1;) {
      if (!fds[i].revents || serve_command(connections[i], config)) continue;
      close(fds[i].fd);
      fds.erase(fds.begin() + static_cast<long>(i));
      connections.erase(connections.begin() + static_cast<long>(i));
    }
    if (!(fds[0].revents & POLLIN)) continue;
    Connection c{accept(listener, nullptr, nullptr), 0};
    if (c.fd >= 0 && config.hang == Hang::connect) {
      log_line("ACCEPTED (no greeting)");
      held.push_back(c.fd);  // open and silent until the server ends
    } else if (c.fd >= 0 && handshake(c, thread_id++)) {
      fds.push_back({c.fd, POLLIN, 0});
      connections.push_back(c);
    } else if (c.fd >= 0) {
      close(c.fd);
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  Config config;
  if (!parse_args(argc, argv, config)) {
    std::fprintf(stderr, "usage: fake-server SOCKET_PATH LOG_FILE [--ask FILE] "
                         "[--ask-on load|all|load-twice|after-load] [--hang connect|handshake|load]\n");
    return 2;
  }
  g_log = std::fopen(config.log_path.c_str(), "a");
  int listener = g_log ? listen_on(config.socket_path) : -1;
  if (listener < 0) {
    std::fprintf(stderr, "fake-server: cannot log to %s or listen on %s: %s\n", config.log_path.c_str(),
                 config.socket_path.c_str(), std::strerror(errno));
    return 1;
  }
  std::signal(SIGPIPE, SIG_IGN);  // a client gone mid-reply drops its connection only
  log_line("LISTENING " + config.socket_path);
  serve(listener, config);
}
