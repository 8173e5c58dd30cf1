#include <gtest/gtest.h>

#include <cstdio>
#include <fcntl.h>
#include <string>
#include <unistd.h>

#include "base/base.h"
#include "input/input.h"
#include "temp_dir.h"

namespace fastload::input {
namespace {

std::string temp_file(const TempDir& dir, std::size_t size) { return dir.write(std::string(size, 'x')); }

TEST(MappedFile, MapsTheBytes) {
  TempDir dir;
  std::string path = temp_file(dir, 10000);
  MappedFile file(path);
  EXPECT_EQ(file.bytes().size(), 10000u);
  EXPECT_EQ(file.bytes()[9999], 'x');
  file.release(0, 10000);  // pages come back from the page cache when read again
  EXPECT_EQ(file.bytes()[5000], 'x');
}

TEST(MappedFile, HoldsOnlyViewsInsideTheMapping) {
  TempDir dir;
  std::string path = temp_file(dir, 100);
  MappedFile file(path);
  EXPECT_TRUE(file.holds(file.bytes()));
  EXPECT_TRUE(file.holds(file.bytes().substr(40, 10)));
  std::string copy(file.bytes());  // the same bytes elsewhere: a stream's chunk, a chunk without its bad rows
  EXPECT_FALSE(file.holds(copy));
  EXPECT_FALSE(file.holds({file.bytes().data() + 90, 20}));  // runs past the end
}

TEST(MappedFile, EmptyFileIsAnEmptyView) {
  TempDir dir;
  std::string path = temp_file(dir, 0);
  EXPECT_TRUE(MappedFile(path).bytes().empty());
}

TEST(MappedFile, MissingFileIsAnInputFailure) {
  try {
    MappedFile file("/nonexistent/fastload.tsv");
    FAIL() << "mapped a missing file";
  } catch (const Failure& e) {
    EXPECT_EQ(e.code(), ExitCode::input);
    EXPECT_NE(std::string(e.what()).find("/nonexistent/fastload.tsv"), std::string::npos);
  }
}

TEST(GuardedCopy, ATruncatedFileIsAReadErrorNotACrash) {
  TempDir dir;
  std::string path = temp_file(dir, 3 * 4096);
  MappedFile file(path);
  char buffer[4096];
  EXPECT_TRUE(guarded_copy(buffer, file.bytes().data() + 4096, sizeof buffer));
  ASSERT_EQ(::truncate(path.c_str(), 10), 0);
  EXPECT_FALSE(guarded_copy(buffer, file.bytes().data() + 8192, sizeof buffer));
  EXPECT_TRUE(guarded_copy(buffer, file.bytes().data(), 10));  // what is still there reads fine
}

}  // namespace
}  // namespace fastload::input
