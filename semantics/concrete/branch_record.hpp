// The branch string of a concrete run (docs/language.md#branch-letters: D/E for definedness,
// T/F for tests, one letter per forking transition of §2–§4) recorded as two bits a letter, so that
// the fast path pays a shift and an or per fork instead of a string append.
//
// A run may take 2^40 steps: the record keeps the first `kept_letters` letters and counts the
// rest, so that its memory is bounded whatever the run's length (docs/language.md#long-branch-strings,
// docs/json.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace symref {

class BranchRecord {
 public:
  enum Letter : std::uint8_t { Defined = 0, Error = 1, True = 2, False = 3 };
  // 2^20 letters (256 KiB here, 1 MiB as text); a multiple of 32, so whole words.
  static constexpr std::uint64_t kept_letters = std::uint64_t{1} << 20;

  void push(Letter letter) {
    current_ |= static_cast<std::uint64_t>(letter) << ((size_ & 31) * 2);
    if ((++size_ & 31) == 0) {
      if (size_ <= kept_letters) words_.push_back(current_);
      current_ = 0;
    }
  }
  // Every letter of the run, kept or not.
  std::uint64_t size() const { return size_; }
  bool truncated() const { return size_ > kept_letters; }
  // The kept letters, or the first `limit` of them.
  std::string to_string(std::uint64_t limit = UINT64_MAX) const {
    static constexpr char letters[] = {'D', 'E', 'T', 'F'};
    std::uint64_t shown = size_ < limit ? size_ : limit;
    if (shown > kept_letters) shown = kept_letters;
    std::string text;
    text.reserve(shown);
    for (std::uint64_t i = 0; i < shown; ++i) {
      const std::uint64_t word = i / 32 < words_.size() ? words_[i / 32] : current_;
      text += letters[(word >> ((i % 32) * 2)) & 3];
    }
    return text;
  }

 private:
  friend class FastMachine;  // keeps current_ and size_ in registers during a run
  std::vector<std::uint64_t> words_;  // the full words, 32 letters each
  std::uint64_t current_ = 0;         // the letters after them
  std::uint64_t size_ = 0;
};

}  // namespace symref
