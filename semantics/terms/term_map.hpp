// Hash maps and sets keyed by term: the per-node caches of every DAG pass (§2 substitution, evaluation).
//
// Open addressing with linear probing over a power-of-two table, hashed on the term's dense id:
// one flat array, no allocation per entry, and erasure by backward shifting so that a table can
// also serve as an undo-able visited set.  Pointers into the table are invalidated by an insertion.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include "semantics/terms/term.hpp"

namespace symref::terms {

template <class Value>
class TermMap {
 public:
  TermMap() = default;

  std::size_t size() const { return size_; }
  bool empty() const { return size_ == 0; }
  std::size_t capacity() const { return slots_.size(); }  // slots, free or used

  const Value* find(Term key) const {
    if (slots_.empty()) return nullptr;
    for (std::size_t slot = home(key);; slot = (slot + 1) & mask_) {
      if (slots_[slot].key == key) return &slots_[slot].value;
      if (slots_[slot].key == nullptr) return nullptr;
    }
  }
  Value* find(Term key) { return const_cast<Value*>(static_cast<const TermMap&>(*this).find(key)); }
  bool contains(Term key) const { return find(key) != nullptr; }

  // Inserts `key` with `value` unless present; returns the stored value and whether it is new.
  template <class... Arguments>
  std::pair<Value*, bool> try_emplace(Term key, Arguments&&... arguments) {
    if ((size_ + 1) * 2 > slots_.size()) grow();
    std::size_t slot = home(key);
    for (; slots_[slot].key != nullptr; slot = (slot + 1) & mask_)
      if (slots_[slot].key == key) return {&slots_[slot].value, false};
    slots_[slot].key = key;
    slots_[slot].value = Value(std::forward<Arguments>(arguments)...);
    ++size_;
    return {&slots_[slot].value, true};
  }
  Value& operator[](Term key) { return *try_emplace(key).first; }
  void insert_or_assign(Term key, Value value) { *try_emplace(key).first = std::move(value); }

  bool erase(Term key) {
    if (slots_.empty()) return false;
    std::size_t slot = home(key);
    while (slots_[slot].key != key) {
      if (slots_[slot].key == nullptr) return false;
      slot = (slot + 1) & mask_;
    }
    // Backward-shift deletion: pull later entries of the probe run into the hole.
    std::size_t hole = slot;
    for (std::size_t next = (hole + 1) & mask_; slots_[next].key != nullptr; next = (next + 1) & mask_) {
      std::size_t wanted = home(slots_[next].key);
      // The entry may move into the hole when its home is not cyclically within (hole, next].
      bool stays = hole <= next ? (wanted > hole && wanted <= next) : (wanted > hole || wanted <= next);
      if (!stays) {
        slots_[hole] = std::move(slots_[next]);
        hole = next;
      }
    }
    slots_[hole].key = nullptr;
    slots_[hole].value = Value();
    --size_;
    return true;
  }

  // Removes every entry but keeps the table's memory: for a map refilled many times over.
  void clear_keeping_capacity() {
    if (size_ == 0) return;
    for (Slot& slot : slots_) slot = Slot();
    size_ = 0;
  }

  void clear() {
    slots_.clear();
    mask_ = 0;
    shift_ = 64;
    size_ = 0;
  }

  // Visits every entry (in table order, which is not meaningful).
  template <class Function>
  void for_each(Function&& function) const {
    for (const Slot& slot : slots_)
      if (slot.key != nullptr) function(slot.key, slot.value);
  }

 private:
  struct Slot {
    Term key = nullptr;
    Value value{};
  };

  std::size_t home(Term key) const {
    // Fibonacci hashing of the dense id spreads consecutive ids over the table.
    return static_cast<std::size_t>((std::uint64_t{key->id()} * 0x9E3779B97F4A7C15ULL) >> shift_);
  }

  void grow() {
    std::vector<Slot> old = std::move(slots_);
    std::size_t capacity = old.empty() ? 16 : old.size() * 2;
    slots_ = std::vector<Slot>(capacity);
    mask_ = capacity - 1;
    shift_ = 64 - static_cast<unsigned>(__builtin_ctzll(capacity));
    size_ = 0;
    for (Slot& slot : old)
      if (slot.key != nullptr) try_emplace(slot.key, std::move(slot.value));
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  unsigned shift_ = 64;  // 64 - log2(capacity): the top bits of the product are the best mixed
  std::size_t size_ = 0;
};

// A set of terms: the visited sets of DAG walks.
class TermSet {
 public:
  std::size_t size() const { return map_.size(); }
  bool contains(Term term) const { return map_.contains(term); }
  bool insert(Term term) { return map_.try_emplace(term).second; }  // true when newly added
  bool erase(Term term) { return map_.erase(term); }
  void clear() { map_.clear(); }

 private:
  struct Nothing {};
  TermMap<Nothing> map_;
};

}  // namespace symref::terms
