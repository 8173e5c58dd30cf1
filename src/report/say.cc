#include "report/say.h"

namespace fastload::report {

void write_quietly(std::FILE* stream, std::string_view text) noexcept {
  if (std::fwrite(text.data(), 1, text.size(), stream) != text.size()) std::clearerr(stream);
  std::fflush(stream);
}

}  // namespace fastload::report
