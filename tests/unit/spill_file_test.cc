#include "input/input.h"

#include <dirent.h>
#include <gtest/gtest.h>
#include <memory>
#include <string>

#include "base/base.h"
#include "temp_dir.h"

namespace fastload::input {
namespace {

std::size_t entries(const std::string& dir) {
  std::size_t n = 0;
  DIR* d = opendir(dir.c_str());
  while (dirent* e = readdir(d)) n += std::string(e->d_name) != "." && std::string(e->d_name) != "..";
  closedir(d);
  return n;
}

TEST(SpillFile, ReadsBackWhatWasAppendedAndLeavesNoName) {
  TempDir dir;
  SpillFile file(dir.path());
  EXPECT_EQ(entries(dir.path()), 0u);  // unnamed from the start
  const std::string a(100000, 'a');
  EXPECT_EQ(file.append(a), 0u);
  EXPECT_EQ(file.append("tail"), a.size());
  EXPECT_EQ(file.size(), a.size() + 4);
  std::string back(6, '\0');
  file.read(a.size() - 2, back.data(), back.size());
  EXPECT_EQ(back, "aatail");
}

// A stream's content spooled to a spill file is mapped as a file (the sort of an unsorted stream); the
// mapping outlives the SpillFile and nothing can change it under the load.
TEST(SpillFile, MappedAfterItIsWrittenAndClosed) {
  TempDir dir;
  std::unique_ptr<MappedFile> mapped;
  const std::string content = std::string(70000, 'x') + "\nlast";
  {
    SpillFile file(dir.path());
    file.append(content.substr(0, 5));
    file.append(content.substr(5));
    mapped = std::make_unique<MappedFile>(file, "standard input");
  }
  EXPECT_EQ(mapped->bytes(), content);
  EXPECT_EQ(mapped->path(), "standard input");
  EXPECT_EQ(mapped->changed(content.size()), "");
  mapped->release(0, content.size());
  EXPECT_EQ(mapped->bytes().substr(content.size() - 4), "last");
  EXPECT_EQ(entries(dir.path()), 0u);
}

// A pipe's bytes kept in a spill file are read again as a plain stream under the pipe's name (an SQL dump read
// from standard input: its rows after the scan); the stream outlives the SpillFile.
TEST(SpillFile, ReadAgainAsAStreamUnderItsName) {
  TempDir dir;
  std::unique_ptr<ByteStream> stream;
  const std::string content = std::string(300000, 'y') + "\nend";
  {
    SpillFile file(dir.path());
    file.append(content);
    stream = open_spilled(file, "standard input");
  }
  EXPECT_EQ(stream->name(), "standard input");
  EXPECT_EQ(stream->format(), Format::plain);
  std::string back(content.size() + 10, '\0');
  std::size_t got = 0;
  while (std::size_t n = stream->read(back.data() + got, 4096)) got += n;
  EXPECT_EQ(back.substr(0, got), content);
  EXPECT_EQ(entries(dir.path()), 0u);
}

TEST(SpillFile, AMissingDirectoryIsTempSpace) {
  TempDir dir;
  try {
    SpillFile file(dir.path() + "/missing");
    FAIL() << "created";
  } catch (const Failure& f) {
    EXPECT_EQ(f.code(), ExitCode::temp_space);
    EXPECT_NE(std::string(f.what()).find("--tmpdir"), std::string::npos);
  }
}

}  // namespace
}  // namespace fastload::input
