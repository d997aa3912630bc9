// A campaign's cases checked in worker processes that this process supervises (no § of a paper: fuzz speed and robustness).
//
// Each worker is a forked child running the campaign (run_campaign) on the runs of cases it claims
// from memory all workers share (CaseClaims), sending each case's results here line by line as it
// checks them.  With PropertySettings::isolation_grace_milliseconds set, each worker also
// publishes its solver checks on a StallBoard (interp/solver/session/stall_watch.hpp): a check that runs that
// long past its time limit is a Z3 stall (Z3 4.8.12 ignores both its rlimit and interrupts in
// some nonlinear arithmetic), and the worker is killed.  The property it was checking counts one
// unknown, and a new worker takes its place: it resumes the case at the next property, checks the
// rest of the case's run, then claims runs as the others do.  Killing costs one fork and a replay of the generator up to the
// case; a stall left alone held its case for seconds to minutes.
#pragma once

#include "fuzz/campaign.hpp"

namespace symref::fuzz {

// run_campaign with options.jobs workers, merged in case order.  Without isolation and with one
// job the campaign runs in this process.  A worker that dies otherwise than by a stall (a crash)
// is the failure of the case it was checking; its program is then in the reproduce line only.
CampaignResult run_campaign_in_workers(const CampaignOptions& options);

}  // namespace symref::fuzz
