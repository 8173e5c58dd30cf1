// What can fail without ending the run at once: a T, or the Failure that stopped it, returned rather than thrown
// (the load pass's outcome, a table's failure kept while the workers run, an index restore). `Result<void>` is
// the outcome alone. It has no conversion to bool on purpose: ask `ok()` or `failed()` by name.
#pragma once

#include <exception>
#include <string>
#include <utility>
#include <variant>

#include "base/errors.h"

namespace fastload {

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : state_(std::in_place_index<0>, std::move(value)) {}
  Result(Failure failure) : state_(std::in_place_index<1>, std::move(failure)) {}

  bool ok() const { return state_.index() == 0; }
  bool failed() const { return !ok(); }
  const T& value() const& { return or_throw(); }
  T& value() & {
    if (failed()) throw failure();
    return std::get<0>(state_);
  }
  const Failure& failure() const { return std::get<1>(state_); }  // only when failed()
  // The value, or the failure thrown.
  const T& or_throw() const& {
    if (failed()) throw failure();
    return std::get<0>(state_);
  }
  T or_throw() && {
    if (failed()) throw failure();
    return std::move(std::get<0>(state_));
  }

 private:
  std::variant<T, Failure> state_;
};

template <>
class [[nodiscard]] Result<void> {
 public:
  Result() = default;  // done
  Result(Failure failure) : state_(std::move(failure)) {}

  bool ok() const { return state_.index() == 0; }
  bool failed() const { return !ok(); }
  const Failure& failure() const { return std::get<1>(state_); }  // only when failed()
  void or_throw() const {
    if (failed()) throw failure();
  }
  // A later failure beside this one: the first stays the one to act on (its codes kept), the later one's message
  // is added below its own; when there was none, the later one is the outcome.
  void add(const Failure& later) {
    state_ = ok() ? later : failure().with_message(std::string(failure().what()) + "\n" + later.what());
  }

 private:
  std::variant<std::monostate, Failure> state_;
};

// An exception caught as the Failure the run reports: a Failure (a db::ServerError among them) as it is (a copy:
// its message and codes), anything else as the bug it is (internal_error: std::bad_alloc, an std::out_of_range
// from .at(), ...). The one place an exception_ptr is opened, beside Threads which carries one across a thread.
inline Failure caught_failure(const std::exception_ptr& thrown) {
  try {
    std::rethrow_exception(thrown);
  } catch (const Failure& failure) {
    return failure;
  } catch (const std::exception& e) {
    return internal_error(e.what());
  } catch (...) {
    return internal_error("an exception of unknown type");
  }
}

// The exception being handled (called inside a catch block), as the Failure the run reports.
inline Failure current_failure() { return caught_failure(std::current_exception()); }

}  // namespace fastload
