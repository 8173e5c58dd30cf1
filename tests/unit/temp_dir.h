// TempDir: a directory of its own for one test's files, removed with everything in it when the test ends,
// so that tests run at once (ctest -j, two builds, two runs of unit_tests) never share a file name.
#pragma once

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>

class TempDir {
 public:
  TempDir() {
    const char* base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/fastload-test-XXXXXX";
    if (::mkdtemp(pattern.data()) == nullptr) ADD_FAILURE() << "mkdtemp " << pattern << " failed";
    path_ = pattern;
  }
  ~TempDir() {
    std::error_code ignored;  // a destructor reports nothing; the directory is unique anyway
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::string& path() const { return path_; }
  std::string path(const std::string& name) const { return path_ + "/" + name; }
  // Writes `bytes` to the file `name` in the directory and returns its path. The default name says nothing
  // true about the content on purpose (formats are known by their first bytes).
  std::string write(std::string_view bytes, const std::string& name = "data.tsv") const {
    std::string file = path(name);
    FILE* out = std::fopen(file.c_str(), "wb");
    if (out == nullptr) {
      ADD_FAILURE() << "cannot write " << file;
      return file;
    }
    EXPECT_EQ(std::fwrite(bytes.data(), 1, bytes.size(), out), bytes.size());
    std::fclose(out);
    return file;
  }

 private:
  std::string path_;
};
