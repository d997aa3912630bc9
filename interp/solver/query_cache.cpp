// The per-case store of solver answers (query_cache.hpp; §2 φ as a set of conjuncts).
#include "interp/solver/query_cache.hpp"

namespace symref::solver {

namespace {
thread_local QueryCacheScope* innermost_cache = nullptr;
}  // namespace

QueryCacheScope::QueryCacheScope(bool active) : active_(active), enclosing_(innermost_cache) {
  if (active_) innermost_cache = this;
}

QueryCacheScope::~QueryCacheScope() {
  if (active_) innermost_cache = enclosing_;
}

QueryCacheScope* QueryCacheScope::current() { return innermost_cache; }

std::shared_ptr<CachedAnswer> QueryCacheScope::find(const Key& key) {
  auto known = answers_.find(key);
  if (known == answers_.end()) return nullptr;
  ++hits_;
  return known->second;
}

std::shared_ptr<CachedAnswer> QueryCacheScope::remember(Key key, SatResult result) {
  auto answer = std::make_shared<CachedAnswer>();
  answer->result = result;
  answers_[std::move(key)] = answer;
  return answer;
}

}  // namespace symref::solver
