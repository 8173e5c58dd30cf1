#include "sink/bulk_request.h"

namespace fastload::sink {

void BulkRequest::start(const std::vector<std::uint16_t>& types) {
  used_ = 0;
  char* p = reserve(6 + 2 * types.size()) + 4;  // the statement id is set when it is sent
  *p++ = static_cast<char>(128);  // STMT_BULK_FLAG_CLIENT_SEND_TYPES: the types follow
  *p++ = 0;
  for (std::uint16_t type : types) {
    *p++ = static_cast<char>(type & 0xff);
    *p++ = static_cast<char>(type >> 8);
  }
  advance_to(p);
}

char* BulkRequest::length(char* p, std::size_t n) {
  auto bytes = [&](int count) {
    for (int i = 0; i < count; ++i) *p++ = static_cast<char>(n >> (8 * i));
  };
  if (n < 251) {
    *p++ = static_cast<char>(n);
  } else if (n < (1u << 16)) {
    *p++ = static_cast<char>(0xfc);
    bytes(2);
  } else if (n < (1u << 24)) {
    *p++ = static_cast<char>(0xfd);
    bytes(3);
  } else {
    *p++ = static_cast<char>(0xfe);
    bytes(8);
  }
  return p;
}

}  // namespace fastload::sink
