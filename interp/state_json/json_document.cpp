// Recursive-descent JSON reader (RFC 8259) with positions and a nesting limit.
#include "interp/state_json/json_document.hpp"

#include "semantics/syntax/diagnostics.hpp"

namespace symref::json {

JsonValue::JsonValue() = default;
JsonValue::JsonValue(const JsonValue&) = default;
JsonValue::JsonValue(JsonValue&&) noexcept = default;
JsonValue& JsonValue::operator=(const JsonValue&) = default;
JsonValue& JsonValue::operator=(JsonValue&&) noexcept = default;
JsonValue::~JsonValue() = default;

const JsonValue* JsonValue::find(const std::string& key) const {
  for (const auto& [name, value] : members)
    if (name == key) return &value;
  return nullptr;
}

std::string JsonValue::kind_name() const {
  switch (kind) {
    case JsonKind::Null: return "null";
    case JsonKind::Boolean: return "a boolean";
    case JsonKind::Number: return "a number";
    case JsonKind::String: return "a string";
    case JsonKind::Array: return "an array";
    case JsonKind::Object: return "an object";
  }
  return "?";
}

namespace {

class JsonReader {
 public:
  explicit JsonReader(const SourceFile& source) : source_(source), text_(source.text()) {}

  JsonValue read_document() {
    skip_space();
    JsonValue value = read_value(0);
    skip_space();
    if (position_ != text_.size()) fail("unexpected text after the JSON value");
    return value;
  }

 private:
  [[noreturn]] void fail(const std::string& message) { fail_at(position_, message); }
  [[noreturn]] void fail_at(std::size_t offset, const std::string& message) {
    DiagnosticSink sink(source_);
    sink.error_at_offset(offset, message);
    sink.throw_if_any();
    throw InputError(message);  // not reached
  }

  void skip_space() {
    while (position_ < text_.size() &&
           (text_[position_] == ' ' || text_[position_] == '\t' || text_[position_] == '\n' || text_[position_] == '\r'))
      ++position_;
  }
  bool at_end() const { return position_ >= text_.size(); }
  char peek() const { return at_end() ? '\0' : text_[position_]; }

  JsonValue read_value(int depth) {
    if (depth > max_json_depth) fail("json nested deeper than " + std::to_string(max_json_depth) + " levels");
    if (at_end()) fail("expected a json value, found the end of the input");
    JsonValue value;
    value.offset = position_;
    char c = peek();
    if (c == '{') {
      read_object(value, depth);
    } else if (c == '[') {
      read_array(value, depth);
    } else if (c == '"') {
      value.kind = JsonKind::String;
      value.text = read_string();
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      value.kind = JsonKind::Number;
      value.text = read_number();
    } else if (text_.compare(position_, 4, "true") == 0) {
      value.kind = JsonKind::Boolean;
      value.boolean = true;
      position_ += 4;
    } else if (text_.compare(position_, 5, "false") == 0) {
      value.kind = JsonKind::Boolean;
      position_ += 5;
    } else if (text_.compare(position_, 4, "null") == 0) {
      value.kind = JsonKind::Null;
      position_ += 4;
    } else {
      fail("expected a json value");
    }
    return value;
  }

  void read_object(JsonValue& value, int depth) {
    value.kind = JsonKind::Object;
    ++position_;
    skip_space();
    if (peek() == '}') {
      ++position_;
      return;
    }
    while (true) {
      skip_space();
      if (peek() != '"') fail("expected a string key in the json object");
      std::size_t key_offset = position_;
      std::string key = read_string();
      for (const auto& member : value.members)
        if (member.first == key) fail_at(key_offset, "duplicate key '" + key + "'");
      skip_space();
      if (peek() != ':') fail("expected ':' after the key");
      ++position_;
      skip_space();
      JsonValue member = read_value(depth + 1);
      value.members.emplace_back(std::move(key), std::move(member));
      value.key_offsets.push_back(key_offset);
      skip_space();
      if (peek() == ',') {
        ++position_;
        continue;
      }
      if (peek() == '}') {
        ++position_;
        return;
      }
      fail("expected ',' or '}' in the json object");
    }
  }

  void read_array(JsonValue& value, int depth) {
    value.kind = JsonKind::Array;
    ++position_;
    skip_space();
    if (peek() == ']') {
      ++position_;
      return;
    }
    while (true) {
      skip_space();
      value.items.push_back(read_value(depth + 1));
      skip_space();
      if (peek() == ',') {
        ++position_;
        continue;
      }
      if (peek() == ']') {
        ++position_;
        return;
      }
      fail("expected ',' or ']' in the json array");
    }
  }

  std::string read_number() {
    std::size_t start = position_;
    if (peek() == '-') ++position_;
    if (!(peek() >= '0' && peek() <= '9')) fail("expected a digit");
    if (peek() == '0') {
      ++position_;
    } else {
      while (peek() >= '0' && peek() <= '9') ++position_;
    }
    if (peek() == '.') {
      ++position_;
      if (!(peek() >= '0' && peek() <= '9')) fail("expected a digit after '.'");
      while (peek() >= '0' && peek() <= '9') ++position_;
    }
    if (peek() == 'e' || peek() == 'E') {
      ++position_;
      if (peek() == '+' || peek() == '-') ++position_;
      if (!(peek() >= '0' && peek() <= '9')) fail("expected a digit in the exponent");
      while (peek() >= '0' && peek() <= '9') ++position_;
    }
    return text_.substr(start, position_ - start);
  }

  static void append_utf8(std::string& out, unsigned code_point) {
    if (code_point < 0x80) {
      out += static_cast<char>(code_point);
    } else if (code_point < 0x800) {
      out += static_cast<char>(0xC0 | (code_point >> 6));
      out += static_cast<char>(0x80 | (code_point & 0x3F));
    } else if (code_point < 0x10000) {
      out += static_cast<char>(0xE0 | (code_point >> 12));
      out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code_point & 0x3F));
    } else {
      out += static_cast<char>(0xF0 | (code_point >> 18));
      out += static_cast<char>(0x80 | ((code_point >> 12) & 0x3F));
      out += static_cast<char>(0x80 | ((code_point >> 6) & 0x3F));
      out += static_cast<char>(0x80 | (code_point & 0x3F));
    }
  }

  unsigned read_hex4() {
    unsigned code = 0;
    for (int i = 0; i < 4; ++i) {
      char c = peek();
      unsigned digit;
      if (c >= '0' && c <= '9') digit = c - '0';
      else if (c >= 'a' && c <= 'f') digit = c - 'a' + 10;
      else if (c >= 'A' && c <= 'F') digit = c - 'A' + 10;
      else fail("expected four hexadecimal digits after \\u");
      code = code * 16 + digit;
      ++position_;
    }
    return code;
  }

  std::string read_string() {
    ++position_;  // the opening quote
    std::string out;
    while (true) {
      if (at_end()) fail("unterminated json string");
      char c = text_[position_];
      if (c == '"') {
        ++position_;
        return out;
      }
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a json string");
      if (c != '\\') {
        out += c;
        ++position_;
        continue;
      }
      ++position_;
      char escape = peek();
      ++position_;
      switch (escape) {
        case '"': out += '"'; break;
        case '\\': out += '\\'; break;
        case '/': out += '/'; break;
        case 'b': out += '\b'; break;
        case 'f': out += '\f'; break;
        case 'n': out += '\n'; break;
        case 'r': out += '\r'; break;
        case 't': out += '\t'; break;
        case 'u': {
          unsigned code = read_hex4();
          if (code >= 0xD800 && code < 0xDC00 && text_.compare(position_, 2, "\\u") == 0) {
            position_ += 2;
            unsigned low = read_hex4();
            if (low >= 0xDC00 && low < 0xE000) code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
          }
          append_utf8(out, code);
          break;
        }
        default: --position_; fail("invalid escape in a json string");
      }
    }
  }

  const SourceFile& source_;
  const std::string& text_;
  std::size_t position_ = 0;
};

}  // namespace

JsonValue parse_json(const SourceFile& source) { return JsonReader(source).read_document(); }

}  // namespace symref::json
