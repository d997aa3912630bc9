// Test cases as a RapidCheck generator with our own shrinking.
#include "props/test_case_gen.hpp"

#include <memory>

#include "props/generator.hpp"
#include "props/shrinking.hpp"

namespace symref::props {

namespace {
rc::Seq<TestCase> smaller_test_cases(TestCase test_case) {
  auto base = std::make_shared<const TestCase>(std::move(test_case));
  std::vector<ShrinkEdit> edits = shrink_edits(*base);
  return rc::seq::map(rc::seq::fromContainer(std::move(edits)),
                      [base](const ShrinkEdit& edit) { return apply_shrink_edit(*base, edit); });
}
}  // namespace

rc::Gen<TestCase> arbitrary_test_case(int level) {
  return rc::Gen<TestCase>([level](const rc::Random& random, int size) {
    rc::Random stream = random;
    TestCase test_case = generate_test_case(stream.next(), level, std::min(size, 100));
    return rc::shrinkable::shrinkRecur(std::move(test_case), &smaller_test_cases);
  });
}

}  // namespace symref::props
