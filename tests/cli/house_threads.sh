# Every thread the program starts is started by base/parallel_for.h's Threads, which keeps what a thread's body
# throws and joins it: no std::thread, std::jthread or std::async elsewhere in src/ (std::this_thread and
# std::thread::hardware_concurrency are not threads).
source "$(dirname "$0")/../integration/lib.sh"

by_hand=$(grep -rnE 'std::(thread|jthread|async)\b' "$SOURCE_DIR/src" --include=*.h --include=*.cc |
  grep -vE 'std::thread::hardware_concurrency|^[^:]*/src/base/parallel_for\.h:' || true)
expect_eq "threads started only by Threads" "" "$by_hand"
expect_match "the helper is there" "class Threads" "$(cat "$SOURCE_DIR/src/base/parallel_for.h")"
finish
