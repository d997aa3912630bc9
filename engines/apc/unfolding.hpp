// The unfolded condition apc^K (Strejček & Trtík §6): every ∀τ over a looping path unfolded
// for τ = 0 … K − 1, every ∃ (counters κ, the τ̄ of each unfolded instance) a fresh constant.
#pragma once

#include <cstdint>

#include "semantics/terms/term_manager.hpp"

namespace symref::apc {

// apc^K: quantifier-free and implied by apc (a finite set of instances of each ∀, and fresh
// constants for the existentials, which all occur positively), so unsat apc^K proves apc unsat.
terms::Term unfold(terms::TermManager& terms, terms::Term apc, std::uint32_t bound);

}  // namespace symref::apc
