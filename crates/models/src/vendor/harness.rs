//! A run against an endpoint: bounded concurrency, a rate limit, a circuit breaker, a budget
//! and a stop button, around the [`Sender`]. Results come back to the caller's thread (which
//! owns the project file) as they arrive.

use crate::vendor::http::{Exchange, Gate, Outgoing, Sender, sleep_unless};
use crate::vendor::spec::{Limits, Price};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError, mpsc};
use std::time::{Duration, Instant};

/// Where a run stops of its own accord (0 or absent: no limit).
#[derive(Debug, Clone, Copy, PartialEq, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Budget {
    /// HTTP requests sent (retries count).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub max_requests: u64,
    /// Tokens used (prompt and completion), as the endpoint reports them.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub max_tokens: u64,
    /// Cost, at the endpoint's price.
    pub max_cost: f64,
}

impl Budget {
    /// Refuses a cost limit that is not a number, negative or infinite: each would silently
    /// mean "no budget" (0 is the way to say that).
    pub fn check(&self) -> Result<(), String> {
        if !self.max_cost.is_finite() || self.max_cost < 0.0 {
            return Err(format!(
                "the cost limit must be a number of 0 or more (0: no limit), not {}",
                self.max_cost
            ));
        }
        Ok(())
    }
}

/// Why a run stopped before its end.
#[derive(Debug, Clone, PartialEq)]
pub enum Halt {
    /// The user stopped it.
    Stopped,
    /// The circuit breaker opened: the message says after what.
    Breaker(String),
    /// The budget is spent: the message says which.
    Budget(String),
}

impl Halt {
    /// The reason in words.
    pub fn message(&self) -> String {
        match self {
            Self::Stopped => "the run was stopped".to_owned(),
            Self::Breaker(m) | Self::Budget(m) => m.clone(),
        }
    }
}

/// Adds to a counter without wrapping; the new total.
fn add_saturating(counter: &AtomicU64, more: u64) -> u64 {
    let mut now = counter.load(Ordering::SeqCst);
    loop {
        let next = now.saturating_add(more);
        match counter.compare_exchange(now, next, Ordering::SeqCst, Ordering::SeqCst) {
            Ok(_) => return next,
            Err(seen) => now = seen,
        }
    }
}

/// One endpoint's run state, shared by its workers.
pub struct Harness<'a> {
    sender: Sender,
    limits: Limits,
    price: Price,
    budget: Budget,
    stop: &'a (dyn Fn() -> bool + Sync),
    next_slot: Mutex<Instant>,
    requests: AtomicU64,
    tokens: AtomicU64,
    cost_nanos: AtomicU64,
    failures_in_row: AtomicU32,
    halt: Mutex<Option<Halt>>,
}

impl Gate for Harness<'_> {
    fn admit(&self) -> bool {
        if self.halted() {
            return false;
        }
        if self.budget.max_requests > 0 {
            let sent = self.requests.fetch_add(1, Ordering::SeqCst);
            if sent >= self.budget.max_requests {
                self.requests.fetch_sub(1, Ordering::SeqCst);
                self.halt_with(Halt::Budget(format!(
                    "the budget of {} requests is spent",
                    self.budget.max_requests
                )));
                return false;
            }
        } else {
            self.requests.fetch_add(1, Ordering::SeqCst);
        }
        if self.limits.requests_per_minute == 0 {
            return true;
        }
        let interval = Duration::from_mins(1) / self.limits.requests_per_minute;
        let slot = {
            let mut next = self
                .next_slot
                .lock()
                .unwrap_or_else(PoisonError::into_inner);
            let slot = (*next).max(Instant::now());
            *next = slot + interval;
            slot
        };
        if sleep_unless(slot.saturating_duration_since(Instant::now()), self) {
            true
        } else {
            // Halted while waiting for its slot: the request reserved above is never sent.
            self.requests.fetch_sub(1, Ordering::SeqCst);
            false
        }
    }

    fn halted(&self) -> bool {
        if (self.stop)() {
            self.halt_with(Halt::Stopped);
        }
        self.halt
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .is_some()
    }
}

impl<'a> Harness<'a> {
    /// A harness for one endpoint; `stop` is polled (the job's Stop button).
    pub fn new(
        limits: Limits,
        price: Price,
        budget: Budget,
        stop: &'a (dyn Fn() -> bool + Sync),
    ) -> Self {
        Self {
            sender: Sender::new(limits),
            limits,
            price,
            budget,
            stop,
            next_slot: Mutex::new(Instant::now()),
            requests: AtomicU64::new(0),
            tokens: AtomicU64::new(0),
            cost_nanos: AtomicU64::new(0),
            failures_in_row: AtomicU32::new(0),
            halt: Mutex::new(None),
        }
    }

    fn halt_with(&self, halt: Halt) {
        let mut current = self.halt.lock().unwrap_or_else(PoisonError::into_inner);
        if current.is_none() {
            *current = Some(halt);
        }
    }

    /// Why the run halted, if it did.
    pub fn halt(&self) -> Option<Halt> {
        self.halt
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// Requests sent so far.
    pub fn requests(&self) -> u64 {
        self.requests.load(Ordering::SeqCst)
    }

    /// Tokens reported so far.
    pub fn tokens(&self) -> u64 {
        self.tokens.load(Ordering::SeqCst)
    }

    /// Cost so far at the price set.
    pub fn cost(&self) -> f64 {
        self.cost_nanos.load(Ordering::SeqCst) as f64 / 1e9
    }

    /// Sends one request (with retries).
    pub fn send(&self, request: &Outgoing) -> Exchange {
        self.sender.send(request, self)
    }

    /// Records how a question went: a failure counts towards the circuit breaker (a success
    /// resets it), and the tokens and cost towards the budget — every attempt is a request the
    /// vendor may bill, as the cost shown with the results counts it.
    pub fn record(
        &self,
        failure: Option<&str>,
        attempts: u32,
        prompt_tokens: Option<u64>,
        completion_tokens: Option<u64>,
    ) {
        match failure {
            Some(reason) => {
                let in_row = self.failures_in_row.fetch_add(1, Ordering::SeqCst) + 1;
                if in_row >= self.limits.breaker {
                    self.halt_with(Halt::Breaker(format!(
                        "the endpoint failed {in_row} questions in a row (the last: {reason}); the run is paused — check the endpoint, then run again to resume"
                    )));
                }
            }
            None => self.failures_in_row.store(0, Ordering::SeqCst),
        }
        let tokens = prompt_tokens
            .unwrap_or(0)
            .saturating_add(completion_tokens.unwrap_or(0));
        let used = add_saturating(&self.tokens, tokens);
        if self.budget.max_tokens > 0 && used >= self.budget.max_tokens {
            self.halt_with(Halt::Budget(format!(
                "the budget of {} tokens is spent ({used} used)",
                self.budget.max_tokens
            )));
        }
        let cost = self.price.cost(prompt_tokens, completion_tokens)
            + self.price.per_request * f64::from(attempts.saturating_sub(1));
        // Whole nanos; a cost past u64's range (absurd token counts) saturates.
        let nanos = if cost.is_finite() && cost > 0.0 {
            (cost * 1e9).min(u64::MAX as f64) as u64
        } else {
            0
        };
        let spent = add_saturating(&self.cost_nanos, nanos) as f64 / 1e9;
        if self.budget.max_cost > 0.0 && spent >= self.budget.max_cost {
            self.halt_with(Halt::Budget(format!(
                "the budget of {} is spent ({spent:.4} at the price set)",
                self.budget.max_cost
            )));
        }
    }

    /// Works through `items` with as many workers as the concurrency allows, handing the
    /// results to `done` on this thread as they arrive (all that arrived since the last call,
    /// never waiting for more). Stops taking new items when the run halts; items in flight
    /// finish (and `work` sees the halt through [`Exchange::halted`]).
    pub fn run<T: Sync, R: Send>(
        &self,
        items: &[T],
        work: impl Fn(&T) -> R + Sync,
        mut done: impl FnMut(Vec<R>),
    ) -> Option<Halt> {
        let next = AtomicUsize::new(0);
        let workers = (self.limits.concurrency as usize).clamp(1, items.len().max(1));
        std::thread::scope(|scope| {
            // Bounded: workers wait rather than pile up results while the caller commits.
            let (tx, rx) = mpsc::sync_channel(workers * 2);
            for _ in 0..workers {
                let tx = tx.clone();
                let (next, work) = (&next, &work);
                scope.spawn(move || {
                    loop {
                        if self.halted() {
                            break;
                        }
                        let i = next.fetch_add(1, Ordering::SeqCst);
                        let Some(item) = items.get(i) else { break };
                        if tx.send(work(item)).is_err() {
                            break;
                        }
                    }
                });
            }
            drop(tx);
            // Whatever has arrived goes to `done` at once, together: the caller commits it
            // without waiting for more, so a killed run loses only what was in flight.
            while let Ok(first) = rx.recv() {
                let mut batch = vec![first];
                batch.extend(rx.try_iter());
                done(batch);
            }
        });
        self.halt()
    }
}
