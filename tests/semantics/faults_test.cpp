// Tests of the planted-fault registry (semantics/faults.hpp): one entry per fault, found by name.
#include "semantics/faults.hpp"

#include <gtest/gtest.h>

#include <set>
#include <string>

namespace symref {
namespace {

TEST(FaultRegistry, EachFaultIsListedOnceUnderItsOwnName) {
  std::set<std::string> names;
  std::set<Fault> faults;
  for (const FaultDescription& description : all_faults()) {
    EXPECT_NE(description.fault, Fault::None) << description.name;
    EXPECT_TRUE(names.insert(std::string(description.name)).second) << "listed twice: " << description.name;
    EXPECT_TRUE(faults.insert(description.fault).second) << "a second name for one fault: " << description.name;
    EXPECT_FALSE(description.description.empty()) << description.name;
    EXPECT_EQ(fault_by_name(description.name), description.fault) << description.name;
  }
  EXPECT_FALSE(fault_by_name("no-such-fault").has_value());
}

}  // namespace
}  // namespace symref
