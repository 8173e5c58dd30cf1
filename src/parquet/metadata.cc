#include "parquet/metadata.h"

#include "parquet/thrift.h"

namespace fastload::parquet {

namespace {

using Kind = Logical::Kind;

TimeUnit read_unit(Compact& in) {
  TimeUnit unit = TimeUnit::micros;
  in.read_struct([&](int id, int type) {
    if (type != ttype::strct || id < 1 || id > 3) return false;
    unit = id == 1 ? TimeUnit::millis : id == 2 ? TimeUnit::micros : TimeUnit::nanos;
    in.skip(type);  // an empty struct
    return true;
  });
  return unit;
}

// TIME and TIMESTAMP: isAdjustedToUTC (1), unit (2).
void read_time(Compact& in, Logical& logical) {
  in.read_struct([&](int id, int type) {
    if (id == 1 && (type == ttype::bool_true || type == ttype::bool_false)) logical.utc = in.boolean(type);
    else if (id == 2 && type == ttype::strct) logical.unit = read_unit(in);
    else return false;
    return true;
  });
}

Logical read_logical(Compact& in) {
  Logical logical;
  logical.kind = Kind::other;
  logical.name = "an unknown logical type";
  in.read_struct([&](int id, int type) {
    if (type != ttype::strct) return false;
    static constexpr const char* names[] = {"", "STRING", "MAP", "LIST", "ENUM", "DECIMAL", "DATE", "TIME",
                                            "TIMESTAMP", "", "INTEGER", "UNKNOWN", "JSON", "BSON", "UUID",
                                            "FLOAT16", "VARIANT", "GEOMETRY", "GEOGRAPHY"};
    logical.kind = Kind::other;
    logical.name = id >= 1 && id <= 18 && *names[id] ? names[id] : "logical type " + std::to_string(id);
    switch (id) {
      case 1: logical.kind = Kind::string; break;
      case 4: logical.kind = Kind::enum_text; break;
      case 5:
        logical.kind = Kind::decimal;
        in.read_struct([&](int f, int t) {
          if (f == 1) logical.scale = in.int32(t);
          else if (f == 2) logical.precision = in.int32(t);
          else return false;
          return true;
        });
        return true;
      case 6: logical.kind = Kind::date; break;
      case 7: logical.kind = Kind::time; read_time(in, logical); return true;
      case 8: logical.kind = Kind::timestamp; read_time(in, logical); return true;
      case 10:
        logical.kind = Kind::integer;
        in.read_struct([&](int f, int t) {
          if (f == 1) logical.bit_width = in.int32(t);
          else if (f == 2) logical.is_signed = in.boolean(t);
          else return false;
          return true;
        });
        return true;
      case 11: logical.kind = Kind::unknown; break;
      case 12: logical.kind = Kind::json; break;
      case 13: logical.kind = Kind::bson; break;
      case 14: logical.kind = Kind::uuid; break;
      case 15: logical.kind = Kind::float16; break;
      default: break;  // MAP, LIST and the rest: named, for messages
    }
    if (logical.kind != Kind::other) logical.name.clear();
    in.skip(type);
    return true;
  });
  return logical;
}

SchemaElement read_schema_element(Compact& in) {
  SchemaElement e;
  in.read_struct([&](int id, int type) {
    switch (id) {
      case 1: e.type = in.int32(type); return true;
      case 2: e.type_length = in.int32(type); return true;
      case 3: e.repetition = in.int32(type); return true;
      case 4: e.name = in.binary(type); return true;
      case 5: e.num_children = in.int32(type); return true;
      case 6: e.converted = in.int32(type); return true;
      case 7: e.scale = in.int32(type); return true;
      case 8: e.precision = in.int32(type); return true;
      case 10:
        if (type != ttype::strct) return false;
        e.logical = read_logical(in);
        e.has_logical = true;
        return true;
      default: return false;
    }
  });
  return e;
}

ColumnMeta read_column_meta(Compact& in) {
  ColumnMeta m;
  in.read_struct([&](int id, int type) {
    switch (id) {
      case 1: m.type = in.int32(type); return true;
      case 3:
        if (type != ttype::list) return false;
        in.read_list([&](int t) { m.path.emplace_back(in.binary(t)); });
        return true;
      case 4: m.codec = in.int32(type); return true;
      case 5: m.num_values = in.integer(type); return true;
      case 7: m.total_compressed_size = in.integer(type); return true;
      case 9: m.data_page_offset = in.integer(type); return true;
      case 11: m.dictionary_page_offset = in.integer(type); return true;
      default: return false;
    }
  });
  return m;
}

RowGroupMeta read_row_group(Compact& in) {
  RowGroupMeta g;
  in.read_struct([&](int id, int type) {
    if (id == 1 && type == ttype::list) {
      in.read_list([&](int t) {
        if (t != ttype::strct) return in.skip(t);
        ColumnMeta meta;
        in.read_struct([&](int f, int ft) {  // ColumnChunk: meta_data is field 3
          if (f != 3 || ft != ttype::strct) return false;
          meta = read_column_meta(in);
          return true;
        });
        g.columns.push_back(std::move(meta));
      });
    } else if (id == 3) {
      g.num_rows = in.integer(type);
    } else {
      return false;
    }
    return true;
  });
  return g;
}

}  // namespace

FileMeta read_file_meta(std::string_view bytes) {
  Compact in(bytes);
  FileMeta meta;
  in.read_struct([&](int id, int type) {
    if (id == 2 && type == ttype::list) {
      in.read_list([&](int t) {
        if (t != ttype::strct) in.skip(t);
        else meta.schema.push_back(read_schema_element(in));
      });
    } else if (id == 3) {
      meta.num_rows = in.integer(type);
    } else if (id == 4 && type == ttype::list) {
      in.read_list([&](int t) {
        if (t != ttype::strct) in.skip(t);
        else meta.row_groups.push_back(read_row_group(in));
      });
    } else if (id == 6 && type == ttype::binary) {
      meta.created_by = in.binary(type);
    } else {
      return false;
    }
    return true;
  });
  return meta;
}

PageHeader read_page_header(std::string_view bytes, std::size_t& size) {
  Compact in(bytes, "page header");
  PageHeader h;
  auto kind = [&](int type, auto&& field) {
    if (type != ttype::strct) return false;
    h.has_kind = true;
    in.read_struct(field);
    return true;
  };
  in.read_struct([&](int id, int type) {
    switch (id) {
      case 1: h.type = in.int32(type); return true;
      case 2: h.uncompressed_size = in.int32(type); return true;
      case 3: h.compressed_size = in.int32(type); return true;
      case 5:  // DataPageHeader
      case 7:  // DictionaryPageHeader: num_values, encoding
        if ((id == 5 && h.type != page_type::data) || (id == 7 && h.type != page_type::dictionary)) return false;
        return kind(type, [&](int f, int t) {
          if (f == 1) h.num_values = in.int32(t);
          else if (f == 2) h.encoding = in.int32(t);
          else if (f == 3 && id == 5) h.definition_encoding = in.int32(t);
          else if (f == 4 && id == 5) h.repetition_encoding = in.int32(t);
          else return false;
          return true;
        });
      case 8:  // DataPageHeaderV2
        return kind(type, [&](int f, int t) {
          switch (f) {
            case 1: h.num_values = in.int32(t); return true;
            case 2: h.num_nulls = in.int32(t); return true;
            case 3: h.num_rows = in.int32(t); return true;
            case 4: h.encoding = in.int32(t); return true;
            case 5: h.definition_bytes = in.int32(t); return true;
            case 6: h.repetition_bytes = in.int32(t); return true;
            case 7: h.is_compressed = in.boolean(t); return true;
            default: return false;
          }
        });
      default: return false;
    }
  });
  size = in.position();
  return h;
}

Logical logical_of_converted(int converted, int precision, int scale) {
  Logical l;
  switch (converted) {
    case 0: l.kind = Kind::string; break;
    case 4: l.kind = Kind::enum_text; break;
    case 5: l.kind = Kind::decimal; l.precision = precision; l.scale = scale; break;
    case 6: l.kind = Kind::date; break;
    case 7: case 8:
      l.kind = Kind::time; l.utc = true; l.unit = converted == 7 ? TimeUnit::millis : TimeUnit::micros; break;
    case 9: case 10:
      l.kind = Kind::timestamp; l.utc = true; l.unit = converted == 9 ? TimeUnit::millis : TimeUnit::micros; break;
    case 11: case 12: case 13: case 14:
      l.kind = Kind::integer; l.is_signed = false; l.bit_width = 8 << (converted - 11); break;
    case 15: case 16: case 17: case 18:
      l.kind = Kind::integer; l.is_signed = true; l.bit_width = 8 << (converted - 15); break;
    case 19: l.kind = Kind::json; break;
    case 20: l.kind = Kind::bson; break;
    case 21: l.kind = Kind::other; l.name = "INTERVAL"; break;
    default: break;
  }
  return l;
}

}  // namespace fastload::parquet
