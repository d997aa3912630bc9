// The per-case store of solver answers (query_cache.hpp; §2 φ as a set of conjuncts).
#include "interp/solver/session/query_cache.hpp"

namespace symref::solver {

std::shared_ptr<CachedAnswer> QueryCache::find(const Key& key) {
  auto known = answers_.find(key);
  if (known == answers_.end()) return nullptr;
  ++hits_;
  return known->second;
}

std::shared_ptr<CachedAnswer> QueryCache::remember(Key key, SatResult result) {
  auto answer = std::make_shared<CachedAnswer>();
  answer->result = result;
  answers_[std::move(key)] = answer;
  return answer;
}

void QueryCache::offer_model(const std::string& backend, std::uint64_t manager, std::shared_ptr<CachedAnswer> answer) {
  std::vector<std::shared_ptr<CachedAnswer>>& recent = recent_models_[{backend, manager}];
  if (recent.size() == recent_models_kept) recent.pop_back();
  recent.insert(recent.begin(), std::move(answer));
}

std::span<const std::shared_ptr<CachedAnswer>> QueryCache::recent_models(const std::string& backend,
                                                                             std::uint64_t manager) const {
  auto found = recent_models_.find({backend, manager});
  if (found == recent_models_.end()) return {};
  return found->second;
}

}  // namespace symref::solver
