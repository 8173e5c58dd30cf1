#include "order/sorter.h"

#include <algorithm>
#include <chrono>
#include <cstring>
#include <ctime>
#include <optional>

#include "base/base.h"
#include "text/text.h"
#include "order/row_keys.h"

namespace fastload::order {
namespace {

// The file's last row when no line terminator ends it, as a row in the middle
// says the same: the server reads no field where one would start at the end
// of the file, so a field terminator ending that row is dropped with it.
struct Unterminated {
  std::uint64_t offset = 0;
  std::string text;
};

// LF bytes in `text`: a row holds one or a few, so memchr from one to the next.
std::uint64_t count_lf(std::string_view text) {
  std::uint64_t n = 0;
  for (const char* p = text.data(), *end = p + text.size();
       (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<std::size_t>(end - p)))) != nullptr; ++p)
    ++n;
  return n;
}

// Reads the rows of a chunk with their keys; one per thread.
class KeyReader {
 public:
  KeyReader(const FileRows& rows, const IndexKey& key)
      : rows_(rows), key_(key), needed_(key.fields_needed()), scanner_(*rows.dialect), parser_(*rows.dialect) {}

  // on_row(key, row) for each row of `c` (its first `limit` rows), in file order.
  template <class OnRow>
  void read(const Chunk& c, OnRow&& on_row, std::uint64_t limit = UINT64_MAX) {
    const std::string_view bytes = rows_.bytes.substr(c.begin, c.size());
    std::optional<RowRef> pending;
    std::uint64_t line = c.first_line;
    auto finish = [&](std::uint64_t next) {
      RowRef& r = *pending;
      const std::uint64_t lines = count_lf(bytes.substr(r.offset - c.begin, next - (r.offset - c.begin)));
      r.size = static_cast<std::uint32_t>(next - (r.offset - c.begin));
      r.lines = static_cast<std::uint32_t>(lines);
      if (last_ && last_->offset == r.offset) r.size = static_cast<std::uint32_t>(last_->text.size());
      on_row(std::string_view(pending_key_), r);
      line += lines;
    };
    std::uint64_t read = 0;
    scanner_.for_each_row(bytes, [&](std::string_view text, std::uint64_t at, text::RowEnd end) {
      if (pending) finish(at);
      if (read++ == limit) {
        pending.reset();
        return false;
      }
      pending = RowRef{c.begin + at, line, 0, 0};
      pending_key_.clear();
      line_ = line;
      encode(text, end, pending_key_);
      if (end == text::RowEnd::kEndOfFile) last_ = rewrite(bytes.substr(at), text, c.begin + at);
      return true;
    });
    if (pending) finish(bytes.size());
  }

  // The file's unterminated last row, when this reader met it.
  const std::optional<Unterminated>& unterminated() const { return last_; }
  // The rows it read whose key was not read exactly, and the first one's line.
  void add_unread(OrderFacts& facts) const {
    facts.unread += unread_;
    if (unread_line_ && (!facts.unread_line || unread_line_ < facts.unread_line)) facts.unread_line = unread_line_;
  }

 private:
  void encode(std::string_view text, text::RowEnd end, std::string& out) {
    fields_.clear();
    const std::string_view needed = leading_fields(text, *rows_.dialect, needed_);
    parser_.parse_row(needed, needed.size() < text.size() ? text::RowEnd::kNewline : end, fields_);
    if (!encode_key(key_, fields_, out)) ++unread_, unread_line_ = unread_line_ ? unread_line_ : line_;
    parser_.clear();
  }

  Unterminated rewrite(std::string_view raw, std::string_view text, std::uint64_t offset) {
    std::size_t at_end = 0, in_middle = 0;
    fields_.clear();
    parser_.parse_row(text, text::RowEnd::kEndOfFile, fields_);
    at_end = fields_.size();
    fields_.clear();
    parser_.parse_row(text, text::RowEnd::kNewline, fields_);
    in_middle = fields_.size();
    parser_.clear();
    std::string out(raw);
    if (in_middle > at_end) out.resize(out.size() - rows_.dialect->field_terminator.size());
    return {offset, out + rows_.dialect->line_terminator};
  }

  const FileRows& rows_;
  const IndexKey& key_;
  const std::size_t needed_;  // fields the key reads
  const text::RowScanner scanner_;
  text::FieldParser parser_;
  std::vector<text::Field> fields_;
  std::string pending_key_;
  std::optional<Unterminated> last_;
  std::uint64_t line_ = 0, unread_ = 0, unread_line_ = 0;
};

std::vector<std::unique_ptr<KeyReader>> readers(const FileRows& rows, const IndexKey& key, unsigned threads) {
  std::vector<std::unique_ptr<KeyReader>> out;
  for (unsigned t = 0; t < std::max(threads, 1u); ++t) out.push_back(std::make_unique<KeyReader>(rows, key));
  return out;
}

// Wall and CPU seconds since it was made.
struct Stopwatch {
  std::chrono::steady_clock::time_point wall = std::chrono::steady_clock::now();
  double cpu = cpu_now();

  static double cpu_now() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) / 1e9;
  }
  double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - wall).count(); }
  double cpu_seconds() const { return cpu_now() - cpu; }
};

// The rows the quick look reads at the start of each chunk it samples: a shuffled file, or one of short sorted
// runs, shows descents within a few thousand rows; reading whole chunks cost 0.05 s before the load of 2M rows.
constexpr std::uint64_t kLookRows = 8192;

// What a chunk's rows say of the order: how many, the descents among them, the first and last key.
struct Seen {
  std::uint64_t rows = 0, descents = 0;
  std::string first, last;
};

// The descents between chunks (each one's first key below the one before's last): whole chunks where `seen`
// holds them, else only their first rows (last = first).
void add_boundaries(const std::vector<Seen>& seen, OrderFacts& facts) {
  const Seen* before = nullptr;
  for (const Seen& s : seen) {
    facts.rows += s.rows;
    facts.descents += s.descents;
    if (s.rows == 0) continue;
    if (before && s.first < before->last) ++facts.descents;
    before = &s;
  }
}

}  // namespace

OrderFacts check_order(const FileRows& rows, const IndexKey& key, unsigned threads, std::size_t sample) {
  const Stopwatch watch;
  const std::vector<Chunk>& chunks = *rows.chunks;
  const bool sampled = sample > 0 && chunks.size() > sample;
  std::vector<bool> whole(chunks.size(), !sampled);
  for (std::size_t i = 0; sampled && i < sample; ++i) whole[i * chunks.size() / sample] = true;
  std::vector<Seen> seen(chunks.size());
  auto reader = readers(rows, key, threads);
  parallel_for(chunks.size(), threads, [&](std::size_t i, unsigned worker) {
    rows.check_stop();
    Seen& s = seen[i];
    reader[worker]->read(chunks[i], [&](std::string_view k, const RowRef&) {
      if (s.rows++ == 0) s.first = k;
      else if (k < std::string_view(s.last)) ++s.descents;
      s.last = k;
    }, whole[i] ? (sampled ? kLookRows : UINT64_MAX) : 1);
  });
  OrderFacts facts;
  add_boundaries(seen, facts);
  facts.sampled = sampled;
  for (const auto& r : reader) r->add_unread(facts);
  facts.seconds = watch.seconds();
  facts.cpu_seconds = watch.cpu_seconds();
  return facts;
}

bool worth_sorting(const OrderFacts& facts) {
  // Sorted runs of 1,000 rows on average or longer append to the index nearly as a sorted file does.
  return facts.descents > 0 && facts.descents * 1000 > facts.rows;
}

// Each chunk's rows sorted on their own, a group of chunks (one a thread) at a time, the runs held in memory
// while they and the order the merge will make fit in limits.memory, else merged into a run in the spill file.
SortedOrder::Runs SortedOrder::sort_runs(const FileRows& rows, const IndexKey& key, const SortLimits& limits) {
  const std::vector<Chunk>& chunks = *rows.chunks;
  auto reader = readers(rows, key, limits.threads);
  Runs out;
  std::uint64_t run_bytes = 0, run_rows = 0;
  std::optional<std::string> last_before;  // the key of the last row read, for a descent between chunks
  auto spill_held = [&] {
    if (!spill_) spill_ = std::make_unique<input::SpillFile>(limits.tmpdir);
    std::vector<std::unique_ptr<RunCursor>> cursors;
    for (const MemoryRun& run : out.held) cursors.push_back(cursor(run));
    Merge merge(std::move(cursors));
    out.spilled.push_back(spill(merge, *spill_, rows.check_stop));
    out.held.clear();
    run_bytes = run_rows = 0;
  };
  const std::size_t group = std::max(limits.threads, 1u);
  for (std::size_t first = 0; first < chunks.size(); first += group) {
    const std::size_t n = std::min(group, chunks.size() - first);
    // The group's runs, at what the runs held cost a row, must fit beside them: else those are spilled first.
    std::uint64_t rows_next = 0;
    for (std::size_t j = 0; j < n; ++j) rows_next += chunks[first + j].rows;
    const std::uint64_t per_row = run_rows ? run_bytes / run_rows : sizeof(SortRecord) + 16;
    const std::uint64_t order_bytes = spill_ ? 0 : (facts_.rows + rows_next) * sizeof(RowRef);
    if (!out.held.empty() && run_bytes + rows_next * per_row + order_bytes > limits.memory) spill_held();
    std::vector<MemoryRun> runs(n);
    std::vector<std::uint64_t> descents(n);
    std::vector<std::string> firsts(n), lasts(n);
    parallel_for(n, limits.threads, [&](std::size_t j, unsigned worker) {
      rows.check_stop();
      MemoryRun& run = runs[j];
      run.rows.reserve(chunks[first + j].rows);  // the split counted them
      reader[worker]->read(chunks[first + j], [&](std::string_view k, const RowRef& r) { run.add(k, r); });
      for (std::size_t i = 1; i < run.rows.size(); ++i)  // in file order still: the order check's count
        descents[j] += run.key(run.rows[i]) < run.key(run.rows[i - 1]);
      if (!run.rows.empty()) firsts[j] = run.key(run.rows.front()), lasts[j] = run.key(run.rows.back());
      run.sort();
    });
    for (std::size_t j = 0; j < n; ++j) {
      facts_.descents += descents[j];
      facts_.rows += runs[j].rows.size();
      if (runs[j].rows.empty()) continue;
      if (last_before && firsts[j] < *last_before) ++facts_.descents;
      last_before = lasts[j];
    }
    for (MemoryRun& run : runs) {
      run_rows += run.rows.size();
      run_bytes += run.bytes();
      out.held.push_back(std::move(run));
    }
    if (run_bytes + (spill_ ? 0 : facts_.rows * sizeof(RowRef)) > limits.memory) spill_held();
  }
  for (const auto& r : reader) {
    if (const auto& last = r->unterminated()) unterminated_ = last->offset, unterminated_text_ = last->text;
    r->add_unread(facts_);
  }
  if (spill_ && !out.held.empty()) spill_held();
  return out;
}

SortedOrder::SortedOrder(const FileRows& rows, const IndexKey& key, const SortLimits& limits, std::size_t file) {
  const Stopwatch watch;
  const Runs runs = sort_runs(rows, key, limits);
  std::vector<std::unique_ptr<RunCursor>> cursors;
  if (spill_) {
    runs_ = runs.spilled.size();
    const std::uint64_t buffer = limits.memory / 2 / std::max<std::size_t>(runs.spilled.size(), 1);
    for (const SpilledRun& run : runs.spilled) cursors.push_back(cursor(run, static_cast<std::size_t>(buffer)));
  } else {
    runs_ = runs.held.size();
    for (const MemoryRun& run : runs.held) cursors.push_back(cursor(run));
  }
  Merge merge(std::move(cursors));
  cut_chunks(merge, limits.chunk_size, file, rows.check_stop);
  facts_.seconds = seconds = watch.seconds();
  facts_.cpu_seconds = cpu_seconds = watch.cpu_seconds();
}

// The merged rows' order kept (in memory, or after the runs in the spill file), cut into chunks of about
// `chunk_size` at the first key change past it.
void SortedOrder::cut_chunks(Merge& merge, std::uint64_t chunk_size, std::size_t file,
                             const std::function<void()>& check_stop) {
  Chunk current;
  current.file = file;
  std::string last_key;
  std::string order_block;
  order_at_ = spill_ ? spill_->size() : 0;
  if (!spill_) order_.reserve(facts_.rows);
  for (std::uint64_t row = 0; !merge.done(); merge.advance(), ++row) {
    if ((row & 0xFFFF) == 0) check_stop();
    // Cut at the first key change once the chunk is big enough (last_key: the key of the row that made it so).
    if (current.rows > 0 && current.size() >= chunk_size && merge.key() != std::string_view(last_key)) {
      chunks_.push_back(current);
      current = Chunk{chunks_.size(), current.end, current.end, 0, 0, 1, current.first_row + current.rows, file};
    }
    const RowRef& r = merge.row();
    if (current.rows == 0) {
      current.first_line = r.line;
      first_rows_.push_back(row);
    }
    const bool was_small = current.size() < chunk_size;
    current.end += r.size;
    current.lines += r.lines;
    ++current.rows;
    if (was_small && current.size() >= chunk_size) last_key = merge.key();
    if (!spill_) {
      order_.push_back(r);
      continue;
    }
    order_block.append(reinterpret_cast<const char*>(&r), sizeof r);
    if (order_block.size() >= (1u << 20)) spill_->append(order_block), order_block.clear();
  }
  if (spill_ && !order_block.empty()) spill_->append(order_block);
  if (current.rows > 0) chunks_.push_back(current);
}

std::span<const RowRef> SortedOrder::rows_of(std::size_t i, std::vector<RowRef>& spilled) const {
  const std::uint64_t first = first_rows_.at(i);
  const std::uint64_t count = chunks_.at(i).rows;
  if (!spill_) return {order_.data() + first, count};
  spilled.resize(count);
  spill_->read(order_at_ + first * sizeof(RowRef), reinterpret_cast<char*>(spilled.data()), count * sizeof(RowRef));
  return spilled;
}

std::string_view SortedOrder::bytes_of(const RowRef& row, std::string_view file) const {
  if (row.offset == unterminated_) return unterminated_text_;
  return file.substr(row.offset, row.size);
}

}  // namespace fastload::order
