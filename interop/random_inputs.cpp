// Seeded random input states for difftest's concrete comparisons.
#include "interop/random_inputs.hpp"

#include <algorithm>
#include <string>
#include <vector>

namespace symref::interop {

RandomInputs::RandomInputs(const Program& program, std::uint64_t seed, std::uint64_t max_steps)
    : program_(program), state_(seed), largest_(std::clamp<std::uint64_t>(max_steps / 10, 10, 1'000'000'000'000)) {}

std::uint64_t RandomInputs::draw() {
  std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

std::uint64_t RandomInputs::below(std::uint64_t bound) { return bound == 0 ? 0 : draw() % bound; }

std::int64_t RandomInputs::within(std::uint64_t magnitude) {
  return static_cast<std::int64_t>(below(2 * magnitude + 1)) - static_cast<std::int64_t>(magnitude);
}

nlohmann::ordered_json RandomInputs::integer() {
  // drawn_ counts the input being made: 1-5 small, 6-10 up to 100, 11-15 up to largest_.
  if (drawn_ <= 5) return within(10);
  if (drawn_ <= 10) return below(2) ? within(10) : within(std::min<std::uint64_t>(100, largest_));
  const std::uint64_t kind = below(20);
  if (kind < 10) return within(10);
  if (kind < 14 || drawn_ <= 15) return within(kind % 2 == 0 ? std::min<std::uint64_t>(1000, largest_) : largest_);
  if (kind < 18) {  // near the ends of 64 bits, where a fixed-width model overflows
    static const char* const edges[] = {"9223372036854775807", "-9223372036854775808", "4611686018427387904",
                                        "-4611686018427387905", "3037000500", "-3037000500"};
    return edges[below(6)];
  }
  // Far outside 64 bits.
  std::string digits = below(2) ? "-" : "";
  digits += std::to_string(1 + below(9));
  for (int k = 0; k < 24; ++k) digits += static_cast<char>('0' + below(10));
  return digits;
}

nlohmann::ordered_json RandomInputs::next() {
  ++drawn_;
  // A few objects per class, named o1, o2, ... in class order.
  std::vector<std::vector<std::string>> objects(program_.classes.size());
  std::size_t counter = 0;
  for (std::size_t c = 0; c < program_.classes.size(); ++c) {
    std::uint64_t n = below(4);
    for (std::uint64_t k = 0; k < n; ++k) objects[c].push_back("o" + std::to_string(++counter));
  }
  auto value_of = [&](const Type& type) -> nlohmann::ordered_json {
    switch (type.kind) {
      case TypeKind::Int: return integer();
      case TypeKind::Bool: return below(2) == 1;
      case TypeKind::Reference: {
        const auto& candidates = objects[static_cast<std::size_t>(type.class_index)];
        if (candidates.empty() || below(4) == 0) return nullptr;
        return candidates[below(candidates.size())];
      }
      default: return nullptr;
    }
  };
  nlohmann::ordered_json globals = nlohmann::ordered_json::object();
  for (const auto& global : program_.globals) {
    if (global.type.kind == TypeKind::IntArray) {
      nlohmann::ordered_json elements = nlohmann::ordered_json::array();
      std::uint64_t length = below(6);
      for (std::uint64_t k = 0; k < length; ++k)
        elements.push_back(below(4) == 0 ? integer() : nlohmann::ordered_json(static_cast<std::int64_t>(below(11)) - 5));
      globals[global.name] = std::move(elements);
    } else {
      globals[global.name] = value_of(global.type);
    }
  }
  nlohmann::ordered_json heap = nlohmann::ordered_json::object();
  for (std::size_t c = 0; c < program_.classes.size(); ++c)
    for (const auto& id : objects[c]) {
      nlohmann::ordered_json object;
      object["class"] = program_.classes[c].name;
      for (std::int32_t field : program_.classes[c].fields)
        object[program_.fields[field].name] = value_of(program_.fields[field].type);
      heap[id] = std::move(object);
    }
  return {{"globals", std::move(globals)}, {"heap", std::move(heap)}};
}

}  // namespace symref::interop
