// The queue Q of a symbolic search (Trtík's Algorithm 1 line 3; `explore` and `compact`): states
// taken first in, first out for breadth first, last in, first out for depth first.
#pragma once

#include <deque>
#include <utility>
#include <vector>

namespace symref {

enum class SearchOrder { DepthFirst, BreadthFirst };

// Removes and returns the state to expand next.
template <class Item>
Item take_next(std::deque<Item>& work, SearchOrder order) {
  Item item;
  if (order == SearchOrder::DepthFirst) {
    item = std::move(work.back());
    work.pop_back();
  } else {
    item = std::move(work.front());
    work.pop_front();
  }
  return item;
}

// Adds a fork's children so that either order expands them in their own order.
template <class Item>
void put_children(std::deque<Item>& work, std::vector<Item>& children, SearchOrder order) {
  if (order == SearchOrder::DepthFirst) {
    for (auto it = children.rbegin(); it != children.rend(); ++it) work.push_back(std::move(*it));
  } else {
    for (auto& child : children) work.push_back(std::move(child));
  }
}

}  // namespace symref
