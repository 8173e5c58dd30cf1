#include "load/key_board.h"

#include <chrono>
#include <vector>

namespace fastload::load {

std::optional<chunks::ChunkText> KeyBoard::take(chunks::ChunkSource& source, std::size_t& place) {
  std::lock_guard<std::mutex> lock(take_);
  std::optional<chunks::ChunkText> text = source.next();
  if (text) place = next_place_++;
  return text;
}

bool KeyBoard::wait_turn(std::unique_lock<std::mutex>& lock, std::size_t place,
                         const std::function<bool()>& give_up) {
  while (entered_ != place) {
    if (give_up()) return false;
    changed_.wait_for(lock, std::chrono::milliseconds(100));
  }
  return true;
}

bool KeyBoard::enter(std::size_t place, ChunkKeys keys, const std::function<bool()>& give_up) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!wait_turn(lock, place, give_up)) return false;
  std::vector<std::size_t> before;  // the chunks in flight it must wait for
  for (const auto& [other, other_keys] : in_flight_)
    if (other_keys.meets(keys)) before.push_back(other);
  in_flight_.emplace(place, std::move(keys));
  ++entered_;
  changed_.notify_all();
  if (before.empty()) return true;
  const auto start = std::chrono::steady_clock::now();
  auto settled = [&] {
    for (std::size_t other : before)
      if (in_flight_.count(other)) return false;
    return true;
  };
  while (!settled()) {
    if (give_up()) {
      in_flight_.erase(place);
      changed_.notify_all();
      return false;
    }
    changed_.wait_for(lock, std::chrono::milliseconds(100));
  }
  ++waited_;
  waited_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return true;
}

void KeyBoard::leave(std::size_t place) {
  std::lock_guard<std::mutex> lock(mutex_);
  in_flight_.erase(place);
  changed_.notify_all();
}

void KeyBoard::abandon(std::size_t place, const std::function<bool()>& give_up) {
  std::unique_lock<std::mutex> lock(mutex_);
  if (!wait_turn(lock, place, give_up)) return;
  ++entered_;
  changed_.notify_all();
}

std::size_t KeyBoard::waited() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return waited_;
}

double KeyBoard::waited_seconds() const {
  std::lock_guard<std::mutex> lock(mutex_);
  return waited_seconds_;
}

}  // namespace fastload::load
