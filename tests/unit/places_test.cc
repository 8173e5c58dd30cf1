// The place table (input/place.h): every row reachable by how a name looks, and each kind's answers.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <string>
#include <sys/stat.h>
#include <thread>
#include <unistd.h>

#include "input/byte_source.h"
#include "input/place.h"
#include "temp_dir.h"

namespace fastload::input {
namespace {

TEST(PlaceTable, EveryRowIsReachable) {
  TempDir dir;
  const std::string file = dir.write("1\ta\n");
  const std::string fifo = dir.path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  EXPECT_EQ(place_kind("-").name, "standard input");
  EXPECT_EQ(place_kind(file).name, "regular file");
  EXPECT_EQ(place_kind(fifo).name, "pipe");
  // MappedFile words the errors of a missing file and a directory.
  EXPECT_EQ(place_kind(dir.path("missing")).name, "regular file");
  EXPECT_EQ(place_kind(dir.path()).name, "regular file");
  EXPECT_EQ(place_kind("https://example.com/x.tsv").name, "remote object");
  EXPECT_EQ(place_kind("S3://bucket/key").name, "remote object");
  EXPECT_EQ(place_kind("http:relative").name, "regular file");  // no "//": a file's name
  EXPECT_EQ(place_kinds().size(), 4u);
}

TEST(PlaceTable, RegularFileIsMappedWithItsSize) {
  TempDir dir;
  std::unique_ptr<Place> place = open_place(dir.write("1\ta\n2\tb\n"));
  EXPECT_TRUE(place->random_access());
  EXPECT_EQ(place->size(), 8u);
  std::string bytes(16, '\0');
  EXPECT_EQ(place->read(bytes.data(), bytes.size(), 0), 8u);
  EXPECT_TRUE(place->ended());
  EXPECT_EQ(bytes.substr(0, 8), "1\ta\n2\tb\n");
}

TEST(PlaceTable, FifoIsReadAsItComes) {
  TempDir dir;
  const std::string fifo = dir.path("fifo");
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] {
    const int fd = ::open(fifo.c_str(), O_WRONLY);
    ASSERT_GE(fd, 0);
    EXPECT_EQ(::write(fd, "x\ty\n", 4), 4);
    ::close(fd);
  });
  std::shared_ptr<Source> source = Source::open(fifo);
  EXPECT_FALSE(source->place().random_access());
  EXPECT_FALSE(source->size());
  EXPECT_EQ(source->name(), fifo);
  EXPECT_EQ(source->peek(4), "x\ty\n");
  source->advance(4);
  EXPECT_TRUE(source->peek().empty());
  EXPECT_TRUE(source->exhausted());
  writer.join();
}

TEST(PlaceTable, StandardInputIsNamedSo) {
  std::shared_ptr<Source> source = Source::open("-");
  EXPECT_EQ(source->name(), "standard input");
  EXPECT_FALSE(source->place().random_access());
  EXPECT_FALSE(source->size());
}

TEST(PlaceTable, MemoryIsServedInPlace) {
  const std::string bytes = "abc";
  std::shared_ptr<Source> source = Source::from_memory("piece", bytes, 10);
  EXPECT_EQ(source->peek().data(), bytes.data());  // not copied
  EXPECT_TRUE(source->exhausted());
  EXPECT_EQ(source->offset(), 10u);
  EXPECT_FALSE(source->size());
}

}  // namespace
}  // namespace fastload::input
