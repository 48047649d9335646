//! The phrases that leave a reply without one answer of its own: the writer cannot decide
//! between the choices it names, its sources disagree, or it leaves the answer open ("it
//! depends", "both work here").

/// Phrases that say the writer could not choose between the choices it names ("I can't decide
/// between them").
pub(in crate::reading) const UNDECIDED: &[&str] = &[
    "cant decide",
    "cannot decide",
    "could not decide",
    "couldnt decide",
    "no longer sure",
    "cant rule either out",
    "cannot rule either out",
    "too close to call",
    "no majority",
    "can not decide",
    "torn between",
    "undecided",
    "cant choose between",
    "cannot choose between",
    "cant pick between",
    "cannot pick between",
    "cant narrow it down",
    "cannot narrow it down",
    "go either way",
    "cant say which",
    "cannot say which",
    "cant tell which",
    "cannot tell which",
    "cant determine which",
    "cannot determine which",
    "can not determine which",
    "unable to determine which",
    "back and forth",
    "on the fence",
    "cant make up my mind",
    "cannot make up my mind",
    "toss up",
    "coin flip",
    "coin toss",
];

/// Phrases that say the writer's sources disagree ("the retrieved passages conflict: one
/// points to B, another to C"): without an answer of the writer's own, several choices.
pub(in crate::reading) const DISAGREE: &[&str] = &[
    "discrepancy between the documents",
    "discrepancy between the sources",
    "discrepancy between the passages",
    "passages conflict",
    "sources conflict",
    "documents conflict",
    "passages disagree",
    "sources disagree",
    "documents disagree",
    "passages are inconsistent",
    "sources are inconsistent",
    "documents are inconsistent",
    "conflicting passages",
    "conflicting sources",
    "conflicting documents",
    "passages contradict each other",
    "sources contradict each other",
    "documents contradict each other",
    "no way to reconcile",
    "cant reconcile",
    "cannot reconcile",
];

/// Phrases that leave the answer open between the choices a reply names ("it depends", "both
/// work here").
pub(in crate::reading) const OPEN: &[&str] = &[
    "it depends",
    "it all depends",
    "both work",
    "both are correct",
    "both are right",
    "both are valid",
    "both apply",
    "both could be",
    "either works",
    "either one works",
    "either could be",
    "both are defensible",
    "both readings",
    // "(C), a lower likelihood (B) and option A all seem defensible here", "J, C and E could
    // each be argued".
    "all seem defensible",
    "all are defensible",
    "all seem plausible",
    "all are plausible",
    "all seem valid",
    "all are valid",
    "all could be argued",
    "all could work",
    "could each be argued",
    "could each be defended",
    "each could be argued",
    "each could be defended",
    // "I'm stuck between A and B; both seem equally right", "That leaves B and D, and I can't
    // separate them", "… all being accepted, depending on the marker". ("I can't decide
    // between them" gives no answer: `ABSTAIN`.)
    "stuck between",
    "50 50",
    "fifty fifty",
    "your call",
    "equally right",
    "equally valid",
    "equally likely",
    "cant separate",
    "cannot separate",
    "all being accepted",
    "could all be accepted",
    // "B and A are both defensible here — I'd accept either", "Verdict: B and A are roughly
    // tied", "Ranking: A = B > C" (`ranked`).
    "accept either",
    "roughly tied",
    "are tied",
    "a tie",
    "dead heat",
];
