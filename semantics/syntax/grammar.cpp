// The X3 grammar of docs/language.md#grammar, compiled once for the iterator and context of config.hpp.
#include "semantics/syntax/grammar_def.hpp"

#include "semantics/syntax/config.hpp"

namespace symref::grammar {

BOOST_SPIRIT_INSTANTIATE(program_type, iterator_type, context_type)
BOOST_SPIRIT_INSTANTIATE(condition_type, iterator_type, context_type)

const program_type& program_rule() { return program; }
const condition_type& condition_rule() { return condition; }

}  // namespace symref::grammar
