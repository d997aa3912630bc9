// States as JSON (docs/language.md#input-and-output-states): round trips, integers beyond 53 bits,
// defaults and their notes, and every input error with its exact `file:line:col: error: message`,
// source line and caret.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "interp/state_json/json_document.hpp"
#include "interp/state_json/state_format.hpp"
#include "semantics/syntax/diagnostics.hpp"
#include "semantics/syntax/front_end.hpp"

namespace symref {
namespace {

constexpr const char* kProgram =
    "class Node { field val: int; field flag: bool; field next: Node; field other: Leaf; }\n"
    "class Leaf { field w: int; }\n"
    "var x: int;\n"
    "var ok: bool;\n"
    "var a: int[];\n"
    "var p: Node;\n"
    "var q: Node;\n"
    "var l: Leaf;\n"
    "main { skip; }\n";

class StateJsonTest : public ::testing::Test {
 protected:
  StateJsonTest() : program_(load_program_from_text("prog.sym", kProgram)) {}

  GlobalState read(const std::string& text) {
    notes_.clear();
    source_ = std::make_unique<SourceFile>("state.json", text);
    return read_state(*program_, *source_, notes_);
  }
  // The rendered diagnostic of reading `text`, or "no error".
  std::string error_of(const std::string& text) {
    try {
      read(text);
    } catch (const InputError& error) {
      return error.what();
    }
    return "no error";
  }
  std::string round_trip_text(const std::string& text) { return write_state(*program_, read(text)).dump(); }

  std::unique_ptr<Program> program_;
  std::unique_ptr<SourceFile> source_;
  std::vector<std::string> notes_;
};

// ---------------------------------------------------------------------------------------------
// Round trips

TEST_F(StateJsonTest, RoundTripKeepsEveryValue) {
  const std::string text = R"({ "globals": { "x": -3, "ok": true, "a": [4, 0, -7], "p": "o1", "q": "o2", "l": "o3" },
    "heap": { "o1": { "class": "Node", "val": 5, "flag": true, "next": "o2", "other": "o3" },
              "o2": { "class": "Node", "val": 0, "flag": false, "next": "o1", "other": null },
              "o3": { "class": "Leaf", "w": 12345678901234567890 } } })";
  GlobalState first = read(text);
  EXPECT_TRUE(notes_.empty());
  const std::string written = write_state(*program_, first).dump();
  EXPECT_EQ(written,
            R"({"globals":{"x":-3,"ok":true,"a":[4,0,-7],"p":"o1","q":"o2","l":"o3"},)"
            R"("heap":{"o1":{"class":"Node","val":5,"flag":true,"next":"o2","other":"o3"},)"
            R"("o2":{"class":"Node","val":0,"flag":false,"next":"o1","other":null},)"
            R"("o3":{"class":"Leaf","w":"12345678901234567890"}}})");
  GlobalState second = read(written);
  std::string difference;
  EXPECT_TRUE(equivalent_states(*program_, first, second, &difference)) << difference;
  EXPECT_EQ(write_state(*program_, second).dump(), written);  // a fixed point
}

TEST_F(StateJsonTest, RoundTripOfTheDefaultState) {
  GlobalState state = read("{}");
  EXPECT_EQ(write_state(*program_, state).dump(),
            R"({"globals":{"x":0,"ok":false,"a":[],"p":null,"q":null,"l":null},"heap":{}})");
  std::string difference;
  EXPECT_TRUE(equivalent_states(*program_, state, default_global_state(*program_), &difference)) << difference;
}

TEST_F(StateJsonTest, RoundTripUpToRenamingOfObjects) {
  GlobalState first = read(R"({"globals": {"p": "first", "q": "first"}, "heap": {"first": {"class": "Node", "next": "first"}}})");
  GlobalState second = read(R"({"globals": {"p": "z", "q": "z"}, "heap": {"z": {"class": "Node", "next": "z"}}})");
  std::string difference;
  EXPECT_TRUE(equivalent_states(*program_, first, second, &difference)) << difference;
  // p and q one object versus two objects: not equivalent.
  GlobalState third = read(R"({"globals": {"p": "m", "q": "n"}, "heap": {"m": {"class": "Node", "next": "m"}, "n": {"class": "Node", "next": "n"}}})");
  EXPECT_FALSE(equivalent_states(*program_, first, third, &difference));
  EXPECT_FALSE(difference.empty());
}

TEST_F(StateJsonTest, ObjectsCreatedByNewGetFreshNames) {
  GlobalState state = read(R"({"globals": {"p": "o2"}, "heap": {"o2": {"class": "Node"}}})");
  ObjectId created = allocate_object(*program_, state, program_->class_index.at("Node"));
  state.globals[program_->global_index.at("q")] = Value::reference(program_->class_index.at("Node"), created);
  name_new_objects(state);
  EXPECT_EQ(write_state(*program_, state).dump(),
            R"({"globals":{"x":0,"ok":false,"a":[],"p":"o2","q":"o1","l":null},)"
            R"("heap":{"o2":{"class":"Node","val":0,"flag":false,"next":null,"other":null},)"
            R"("o1":{"class":"Node","val":0,"flag":false,"next":null,"other":null}}})");
}

TEST_F(StateJsonTest, MissingGlobalsTakeTheirDefaultsWithANote) {
  GlobalState state = read(R"({"globals": {"x": 4}})");
  EXPECT_EQ(notes_, (std::vector<std::string>{
                        "global 'ok' is not in the input; it starts as false",
                        "global 'a' is not in the input; it starts as the empty array",
                        "global 'p' is not in the input; it starts as nil",
                        "global 'q' is not in the input; it starts as nil",
                        "global 'l' is not in the input; it starts as nil",
                    }));
  EXPECT_EQ(state.globals[program_->global_index.at("x")].as_integer().to_string(), "4");
}

TEST_F(StateJsonTest, MissingFieldsTakeTheirDefaults) {
  GlobalState state = read(R"({"globals": {"p": "o1"}, "heap": {"o1": {"class": "Node", "val": 2}}})");
  EXPECT_EQ(write_state(*program_, state)["heap"].dump(), R"({"o1":{"class":"Node","val":2,"flag":false,"next":null,"other":null}})");
}

TEST_F(StateJsonTest, UnreachableObjectsAreKept) {
  GlobalState state = read(R"({"heap": {"o7": {"class": "Leaf", "w": 1}}})");
  EXPECT_EQ(state.heap.size(), 1u);
  EXPECT_EQ(write_state(*program_, state)["heap"].dump(), R"({"o7":{"class":"Leaf","w":1}})");
}

// ---------------------------------------------------------------------------------------------
// Integers beyond 53 bits

TEST_F(StateJsonTest, IntegersBeyond53BitsAreWrittenAsStrings) {
  EXPECT_EQ(integer_to_json(Integer(9007199254740991)).dump(), "9007199254740991");     // 2^53 - 1
  EXPECT_EQ(integer_to_json(Integer(-9007199254740991)).dump(), "-9007199254740991");
  EXPECT_EQ(integer_to_json(Integer(9007199254740993)).dump(), "\"9007199254740993\"");  // 2^53 + 1
  EXPECT_EQ(integer_to_json(Integer(-9007199254740993)).dump(), "\"-9007199254740993\"");
  EXPECT_EQ(integer_to_json(*Integer::from_decimal("-123456789012345678901234567890")).dump(),
            "\"-123456789012345678901234567890\"");
  EXPECT_EQ(integer_to_json(Integer(0)).dump(), "0");
}

// docs/language.md#input-and-output-states: integers are JSON numbers when they fit in 53 bits and decimal strings otherwise.
// ±2^53 needs 54 bits (it is not a safe integer in JSON's JavaScript reading: 2^53 + 1 parses to
// it), so it is a string.
TEST_F(StateJsonTest, TwoToThe53IsAString) {
  EXPECT_EQ(integer_to_json(Integer(9007199254740992)).dump(), "\"9007199254740992\"");
  EXPECT_EQ(integer_to_json(Integer(-9007199254740992)).dump(), "\"-9007199254740992\"");
}

TEST_F(StateJsonTest, BigIntegersAreReadExactlyFromStringsAndNumbers) {
  GlobalState state = read(R"({"globals": {"x": 123456789012345678901234567890, "a": ["-98765432109876543210", 1, "2"]}})");
  EXPECT_EQ(state.globals[program_->global_index.at("x")].as_integer().to_string(), "123456789012345678901234567890");
  const auto& a = state.arrays[program_->global_index.at("a")];
  ASSERT_EQ(a.size(), 3u);
  EXPECT_EQ(a[0].to_string(), "-98765432109876543210");
  EXPECT_EQ(a[1].to_string(), "1");
  EXPECT_EQ(a[2].to_string(), "2");
  EXPECT_EQ(write_state(*program_, state)["globals"]["x"].dump(), "\"123456789012345678901234567890\"");
}

TEST_F(StateJsonTest, BigIntegersRoundTrip) {
  const std::string text = R"({"globals":{"x":"-9007199254740993","ok":false,"a":["18446744073709551616",-1],"p":null,"q":null,"l":null},"heap":{}})";
  EXPECT_EQ(round_trip_text(text), text);
}

// ---------------------------------------------------------------------------------------------
// Errors: file:line:col: error: message, the source line, a caret

TEST_F(StateJsonTest, UnknownGlobal) {
  EXPECT_EQ(error_of(R"({"globals": {"x": 1, "zz": 2}})"),
            "state.json:1:22: error: unknown global 'zz'\n"
            "{\"globals\": {\"x\": 1, \"zz\": 2}}\n"
            "                     ^\n");
}

TEST_F(StateJsonTest, WrongTypes) {
  EXPECT_EQ(error_of(R"({"globals": {"x": true}})"),
            "state.json:1:19: error: global 'x' must be an integer, found a boolean\n"
            "{\"globals\": {\"x\": true}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"ok": 1}})"),
            "state.json:1:20: error: global 'ok' must be true or false, found a number\n"
            "{\"globals\": {\"ok\": 1}}\n"
            "                   ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"a": 3}})"),
            "state.json:1:19: error: global 'a' must be an array of integers, found a number\n"
            "{\"globals\": {\"a\": 3}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"a": [1, null]}})"),
            "state.json:1:23: error: global 'a' element 1 must be an integer, found null\n"
            "{\"globals\": {\"a\": [1, null]}}\n"
            "                      ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"p": 7}})"),
            "state.json:1:19: error: global 'p' must be an object id of class Node or null, found a number\n"
            "{\"globals\": {\"p\": 7}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": "12a"}})"),
            "state.json:1:19: error: global 'x' must be an integer, found \"12a\"\n"
            "{\"globals\": {\"x\": \"12a\"}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of("[1]"),
            "state.json:1:1: error: a state must be a json object with \"globals\" and \"heap\"\n"
            "[1]\n"
            "^\n");
  EXPECT_EQ(error_of(R"({"globals": [], "heap": {}})"),
            "state.json:1:13: error: \"globals\" must be a json object\n"
            "{\"globals\": [], \"heap\": {}}\n"
            "            ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": 5}})"),
            "state.json:1:17: error: object 'o1' must be a json object\n"
            "{\"heap\": {\"o1\": 5}}\n"
            "                ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": "Node", "flag": 0}}})"),
            "state.json:1:43: error: field 'flag' of object 'o1' must be true or false, found a number\n"
            "{\"heap\": {\"o1\": {\"class\": \"Node\", \"flag\": 0}}}\n"
            "                                          ^\n");
}

TEST_F(StateJsonTest, UnknownTopLevelKey) {
  EXPECT_EQ(error_of(R"({"globals": {}, "heaps": {}})"),
            "state.json:1:17: error: unknown key 'heaps' in a state (expected \"globals\" and \"heap\")\n"
            "{\"globals\": {}, \"heaps\": {}}\n"
            "                ^\n");
}

TEST_F(StateJsonTest, DanglingObjectId) {
  EXPECT_EQ(error_of("{\n  \"globals\": {\"p\": \"o9\"},\n  \"heap\": {}\n}"),
            "state.json:2:20: error: global 'p' refers to object 'o9', which is not in the heap\n"
            "  \"globals\": {\"p\": \"o9\"},\n"
            "                   ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": "Node", "next": "o2"}}})"),
            "state.json:1:43: error: field 'next' of object 'o1' refers to object 'o2', which is not in the heap\n"
            "{\"heap\": {\"o1\": {\"class\": \"Node\", \"next\": \"o2\"}}}\n"
            "                                          ^\n");
}

TEST_F(StateJsonTest, UnknownClassAndMissingClass) {
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": "Tree"}}})"),
            "state.json:1:27: error: unknown class 'Tree'\n"
            "{\"heap\": {\"o1\": {\"class\": \"Tree\"}}}\n"
            "                          ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"val": 1}}})"),
            "state.json:1:17: error: object 'o1' has no \"class\"\n"
            "{\"heap\": {\"o1\": {\"val\": 1}}}\n"
            "                ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": 3}}})"),
            "state.json:1:27: error: the class of object 'o1' must be a string\n"
            "{\"heap\": {\"o1\": {\"class\": 3}}}\n"
            "                          ^\n");
}

TEST_F(StateJsonTest, UnknownField) {
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": "Leaf", "val": 1}}})"),
            "state.json:1:35: error: class Leaf has no field 'val'\n"
            "{\"heap\": {\"o1\": {\"class\": \"Leaf\", \"val\": 1}}}\n"
            "                                  ^\n");
}

TEST_F(StateJsonTest, WrongClassOfAReferencedObject) {
  EXPECT_EQ(error_of(R"({"globals": {"p": "o1"}, "heap": {"o1": {"class": "Leaf"}}})"),
            "state.json:1:19: error: global 'p' must refer to an object of class Node, but 'o1' is of class Leaf\n"
            "{\"globals\": {\"p\": \"o1\"}, \"heap\": {\"o1\": {\"class\": \"Leaf\"}}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": "Node", "other": "o1"}}})"),
            "state.json:1:44: error: field 'other' of object 'o1' must refer to an object of class Leaf, but 'o1' is of class Node\n"
            "{\"heap\": {\"o1\": {\"class\": \"Node\", \"other\": \"o1\"}}}\n"
            "                                           ^\n");
}

TEST_F(StateJsonTest, MalformedJson) {
  EXPECT_EQ(error_of(R"({"globals": {"x": 1,}})"),
            "state.json:1:21: error: expected a string key in the json object\n"
            "{\"globals\": {\"x\": 1,}}\n"
            "                    ^\n");
  EXPECT_EQ(error_of("{\"globals\": {\"x\": 1}"),
            "state.json:1:21: error: expected ',' or '}' in the json object\n"  // at the end of the input
            "{\"globals\": {\"x\": 1}\n"
            "                    ^\n");
  EXPECT_EQ(error_of(R"({"globals" {}})"),
            "state.json:1:12: error: expected ':' after the key\n"
            "{\"globals\" {}}\n"
            "           ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": tru}})"),
            "state.json:1:19: error: expected a json value\n"
            "{\"globals\": {\"x\": tru}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of("{} {}"),
            "state.json:1:4: error: unexpected text after the JSON value\n"
            "{} {}\n"
            "   ^\n");
  EXPECT_EQ(error_of(""), "state.json:1:1: error: expected a json value, found the end of the input\n\n^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": "abc)"),
            "state.json:1:23: error: unterminated json string\n"
            "{\"globals\": {\"x\": \"abc\n"
            "                      ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"a": [1 2]}})"),
            "state.json:1:22: error: expected ',' or ']' in the json array\n"
            "{\"globals\": {\"a\": [1 2]}}\n"
            "                     ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": 01}})"),
            "state.json:1:20: error: expected ',' or '}' in the json object\n"
            "{\"globals\": {\"x\": 01}}\n"
            "                   ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": -}})"),
            "state.json:1:20: error: expected a digit\n"
            "{\"globals\": {\"x\": -}}\n"
            "                   ^\n");
  EXPECT_EQ(error_of(R"({"glo\qbals": {}})"),
            "state.json:1:7: error: invalid escape in a json string\n"  // at the character after the backslash
            "{\"glo\\qbals\": {}}\n"
            "      ^\n");
}

TEST_F(StateJsonTest, DuplicateKeys) {
  EXPECT_EQ(error_of(R"({"globals": {"x": 1, "x": 2}})"),
            "state.json:1:22: error: duplicate key 'x'\n"
            "{\"globals\": {\"x\": 1, \"x\": 2}}\n"
            "                     ^\n");
  EXPECT_EQ(error_of("{\"heap\": {},\n \"heap\": {}}"),
            "state.json:2:2: error: duplicate key 'heap'\n"
            " \"heap\": {}}\n"
            " ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": "Leaf", "w": 1, "w": 2}}})"),
            "state.json:1:43: error: duplicate key 'w'\n"
            "{\"heap\": {\"o1\": {\"class\": \"Leaf\", \"w\": 1, \"w\": 2}}}\n"
            "                                          ^\n");
}

TEST_F(StateJsonTest, FractionsAndExponentsAreNotIntegers) {
  EXPECT_EQ(error_of(R"({"globals": {"x": 1.5}})"),
            "state.json:1:19: error: global 'x' must be an integer, found 1.5\n"
            "{\"globals\": {\"x\": 1.5}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": 2.0}})"),
            "state.json:1:19: error: global 'x' must be an integer, found 2.0\n"
            "{\"globals\": {\"x\": 2.0}}\n"
            "                  ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"a": [1e3]}})"),
            "state.json:1:20: error: global 'a' element 0 must be an integer, found 1e3\n"
            "{\"globals\": {\"a\": [1e3]}}\n"
            "                   ^\n");
  EXPECT_EQ(error_of(R"({"heap": {"o1": {"class": "Leaf", "w": -2E-1}}})"),
            "state.json:1:40: error: field 'w' of object 'o1' must be an integer, found -2E-1\n"
            "{\"heap\": {\"o1\": {\"class\": \"Leaf\", \"w\": -2E-1}}}\n"
            "                                       ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": 1.}})"),
            "state.json:1:21: error: expected a digit after '.'\n"
            "{\"globals\": {\"x\": 1.}}\n"
            "                    ^\n");
  EXPECT_EQ(error_of(R"({"globals": {"x": 1e}})"),
            "state.json:1:21: error: expected a digit in the exponent\n"
            "{\"globals\": {\"x\": 1e}}\n"
            "                    ^\n");
}

TEST_F(StateJsonTest, DeepNesting) {
  // 512 levels are read (and then rejected as a state); 513 are not parsed at all.
  std::string ok = "{\"globals\": {\"a\": " + std::string(511, '[') + std::string(511, ']') + "}}";
  const std::string first = error_of(ok);
  EXPECT_EQ(first.substr(0, first.find('\n')), "state.json:1:20: error: global 'a' element 0 must be an integer, found an array");
  std::string deep = "{\"globals\": {\"a\": " + std::string(600, '[') + std::string(600, ']') + "}}";
  const std::string message = error_of(deep);
  EXPECT_EQ(message.substr(0, message.find('\n')), "state.json:1:530: error: json nested deeper than 512 levels");
  // A very long line is shown as a window around the column.
  const std::string shown = message.substr(message.find('\n') + 1);
  EXPECT_EQ(shown, "..." + std::string(120, '[') + "...\n" + std::string(63, ' ') + "^\n");
}

TEST_F(StateJsonTest, DeepNestingOfObjectsDoesNotOverflowTheStack) {
  std::string deep;
  for (int k = 0; k < 100000; ++k) deep += "{\"k\":";
  const std::string message = error_of(deep);
  EXPECT_EQ(message.substr(0, message.find('\n')), "state.json:1:2566: error: json nested deeper than 512 levels");
}

TEST_F(StateJsonTest, ErrorsOnLaterLinesPointAtTheirLine) {
  EXPECT_EQ(error_of("{\n  \"globals\": {\n    \"x\": 1,\n    \"ok\": \"yes\"\n  }\n}\n"),
            "state.json:4:11: error: global 'ok' must be true or false, found a string\n"
            "    \"ok\": \"yes\"\n"
            "          ^\n");
}

}  // namespace
}  // namespace symref
