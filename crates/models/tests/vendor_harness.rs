//! The harness against a vendor-like server on 127.0.0.1 and its faults: Retry-After in both
//! forms, bursts of 5xx, slow replies past the timeout, closed connections, truncated and huge
//! bodies, redirects on and off the host, the circuit breaker, the budget, the rate limit and
//! the concurrency bound.

use proctor_models::vendor::{Budget, Halt, Harness, HttpMethod, Limits, Outgoing, Price};
use proctor_testkit::{Reply, VendorServer};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

fn limits() -> Limits {
    Limits {
        concurrency: 4,
        requests_per_minute: 0,
        timeout_seconds: 2,
        retries: 3,
        backoff_ms: 10,
        breaker: 5,
        max_reply_kib: 1024,
    }
}

fn request(server: &VendorServer, path: &str) -> Outgoing {
    Outgoing {
        method: HttpMethod::Post,
        url: format!("{}{path}", server.url()),
        headers: vec![
            ("Authorization".into(), "Bearer sk-secret-value".into()),
            ("Content-Type".into(), "application/json".into()),
        ],
        body: Some("{\"q\": 1}".into()),
    }
}

fn never() -> bool {
    false
}

#[test]
fn retry_after_in_seconds_and_as_a_date_is_waited_out() {
    let server = VendorServer::start(|_, n| match n {
        0 => Reply::retry_after_seconds(1),
        1 => Reply::retry_after_date(2),
        _ => Reply::json("{\"answer\": \"B\"}"),
    });
    let harness = Harness::new(limits(), Price::default(), Budget::default(), &never);
    let exchange = harness.send(&request(&server, "/ask"));
    assert_eq!(exchange.error, None);
    assert_eq!(exchange.status, Some(200));
    assert_eq!(exchange.attempts, 3);
    let seen = server.seen();
    let first_gap = seen[1].at - seen[0].at;
    let second_gap = seen[2].at - seen[1].at;
    assert!(first_gap >= Duration::from_millis(950), "{first_gap:?}");
    // An HTTP date has whole seconds: two seconds ahead is more than one from now.
    assert!(second_gap >= Duration::from_millis(950), "{second_gap:?}");
    assert!(second_gap < Duration::from_secs(4), "{second_gap:?}");
}

#[test]
fn bursts_of_server_errors_are_retried_and_a_lasting_one_fails_with_its_count() {
    let server = VendorServer::start(|seen, n| {
        if seen.path == "/flaky" && n < 3 {
            Reply::status([500, 502, 503][n])
        } else if seen.path == "/down" {
            Reply::status(503)
        } else {
            Reply::json("{}")
        }
    });
    let harness = Harness::new(limits(), Price::default(), Budget::default(), &never);
    let ok = harness.send(&request(&server, "/flaky"));
    assert_eq!(
        (ok.status, ok.attempts, ok.error.clone()),
        (Some(200), 4, None)
    );
    assert_eq!(ok.waits_ms.len(), 3);
    // Exponential back-off: 10 ms, 20 ms, 40 ms with ±50% jitter.
    assert!(
        ok.waits_ms[2] >= 20.0 && ok.waits_ms[2] <= 60.0,
        "{:?}",
        ok.waits_ms
    );
    let down = harness.send(&request(&server, "/down"));
    assert_eq!(down.attempts, 4);
    let error = down.error.unwrap();
    assert!(
        error.contains("HTTP 503") && error.contains("after 4 attempts"),
        "{error}"
    );
}

#[test]
fn timeouts_closed_connections_and_truncated_replies() {
    let server = VendorServer::start(|seen, n| match seen.path.as_str() {
        "/slow" if n == 0 => Reply::Slow(Duration::from_secs(3), Box::new(Reply::json("{}"))),
        "/close" if n == 0 => Reply::Close,
        "/truncated" => Reply::Truncated("{\"answer\": \"B".into()),
        _ => Reply::json("{\"answer\": \"C\"}"),
    });
    let harness = Harness::new(limits(), Price::default(), Budget::default(), &never);
    let started = Instant::now();
    let slow = harness.send(&request(&server, "/slow"));
    assert_eq!(slow.error, None, "a timed-out attempt is retried");
    assert_eq!(slow.attempts, 2);
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "the timeout cut the wait"
    );
    let server = VendorServer::start(|seen, n| match seen.path.as_str() {
        "/close" if n == 0 => Reply::Close,
        "/truncated" => Reply::Truncated("{\"answer\": \"B".into()),
        _ => Reply::json("{\"answer\": \"C\"}"),
    });
    let closed = harness.send(&request(&server, "/close"));
    assert_eq!((closed.error, closed.attempts), (None, 2));
    let truncated = harness.send(&request(&server, "/truncated"));
    let error = truncated.error.expect("a reply that breaks off fails");
    assert!(error.contains("broke off"), "{error}");
}

#[test]
fn a_huge_reply_is_refused_at_the_cap() {
    let server = VendorServer::start(|_, _| Reply::Huge(20 << 20));
    let harness = Harness::new(limits(), Price::default(), Budget::default(), &never);
    let exchange = harness.send(&request(&server, "/"));
    assert_eq!(exchange.attempts, 1, "not retried");
    assert!(
        exchange
            .error
            .unwrap()
            .contains("larger than the 1024 KiB cap"),
        "20 MB refused"
    );
    assert_eq!(exchange.body, None);
}

#[test]
fn redirects_stay_on_the_host() {
    let other = VendorServer::start(|_, _| Reply::json("{\"stolen\": true}"));
    let elsewhere = format!("{}/collect", other.url().replace("127.0.0.1", "localhost"));
    let server = VendorServer::start(move |seen, _| match seen.path.as_str() {
        "/moved" => Reply::redirect("/here"),
        "/away" => Reply::redirect(elsewhere.clone()),
        _ => Reply::json("{\"answer\": \"A\"}"),
    });
    let harness = Harness::new(limits(), Price::default(), Budget::default(), &never);
    let same = harness.send(&request(&server, "/moved"));
    assert_eq!((same.status, same.error), (Some(200), None));
    let away = harness.send(&request(&server, "/away"));
    assert!(away.error.unwrap().contains("another host"));
    assert!(
        other.seen().is_empty(),
        "nothing was sent to the other host"
    );
    let here = server
        .seen()
        .iter()
        .find(|s| s.path == "/here")
        .cloned()
        .unwrap();
    assert_eq!(here.header("authorization"), Some("Bearer sk-secret-value"));
}

#[test]
fn the_breaker_pauses_a_dead_endpoint_and_says_why() {
    let server = VendorServer::start(|_, _| Reply::status(500));
    let mut l = limits();
    l.retries = 1;
    l.breaker = 3;
    l.concurrency = 1;
    let harness = Harness::new(l, Price::default(), Budget::default(), &never);
    let items: Vec<usize> = (0..50).collect();
    let mut done = 0;
    let halt = harness.run(
        &items,
        |_| {
            let exchange = harness.send(&request(&server, "/"));
            harness.record(exchange.error.as_deref(), exchange.attempts, None, None);
            exchange
        },
        |batch| done += batch.len(),
    );
    let Some(Halt::Breaker(message)) = halt else {
        panic!("the breaker opened: {halt:?}")
    };
    assert!(
        message.contains("3 questions in a row") && message.contains("HTTP 500"),
        "{message}"
    );
    assert_eq!(done, 3);
    assert_eq!(server.seen().len(), 6, "three questions, two attempts each");
}

#[test]
fn the_budget_and_the_stop_button_halt_a_run() {
    let server = VendorServer::start(|_, _| {
        Reply::json(
            "{\"answer\": \"A\", \"usage\": {\"prompt_tokens\": 100, \"completion_tokens\": 1}}",
        )
    });
    let budget = Budget {
        max_requests: 10,
        ..Budget::default()
    };
    let harness = Harness::new(limits(), Price::default(), budget, &never);
    let items: Vec<usize> = (0..40).collect();
    let mut answered = 0;
    let halt = harness.run(
        &items,
        |_| harness.send(&request(&server, "/")),
        |batch| answered += batch.iter().filter(|e| !e.halted()).count(),
    );
    assert!(
        matches!(halt, Some(Halt::Budget(ref m)) if m.contains("10 requests")),
        "{halt:?}"
    );
    assert_eq!(answered, 10);
    assert_eq!(server.seen().len(), 10);

    let stop = AtomicBool::new(false);
    let stopper = || stop.load(Ordering::SeqCst);
    let harness = Harness::new(limits(), Price::default(), Budget::default(), &stopper);
    let mut answered = 0;
    let halt = harness.run(
        &items,
        |i| {
            if *i == 5 {
                stop.store(true, Ordering::SeqCst);
            }
            harness.send(&request(&server, "/"))
        },
        |batch| answered += batch.iter().filter(|e| !e.halted()).count(),
    );
    assert_eq!(halt, Some(Halt::Stopped));
    assert!(answered < 10, "{answered}");
}

#[test]
fn concurrency_is_bounded_and_the_rate_limited() {
    let server = VendorServer::start(|_, _| {
        Reply::Slow(Duration::from_millis(30), Box::new(Reply::json("{}")))
    });
    let mut l = limits();
    l.concurrency = 3;
    let harness = Harness::new(l, Price::default(), Budget::default(), &never);
    let items: Vec<usize> = (0..24).collect();
    harness.run(&items, |_| harness.send(&request(&server, "/")), |_| ());
    assert_eq!(server.most_in_flight(), 3);

    let server = VendorServer::start(|_, _| Reply::json("{}"));
    l.requests_per_minute = 600; // one every 100 ms
    let harness = Harness::new(l, Price::default(), Budget::default(), &never);
    let items: Vec<usize> = (0..6).collect();
    let started = Instant::now();
    harness.run(&items, |_| harness.send(&request(&server, "/")), |_| ());
    let took = started.elapsed();
    assert!(took >= Duration::from_millis(480), "{took:?}");
}

#[test]
fn retries_are_billed_and_absurd_token_counts_saturate() {
    // 500 once per question, then a reply reporting u64::MAX tokens.
    let server = VendorServer::start(|seen, _| {
        if seen.path == "/once" {
            Reply::json("{}")
        } else {
            Reply::status(500)
        }
    });
    let price = Price {
        input_per_million: 0.0,
        output_per_million: 0.0,
        per_request: 0.01,
    };
    let budget = Budget {
        max_cost: 0.05,
        ..Budget::default()
    };
    let mut l = limits();
    l.concurrency = 1;
    l.retries = 1;
    l.breaker = 100;
    let harness = Harness::new(l, price, budget, &never);
    let items: Vec<usize> = (0..10).collect();
    let halt = harness.run(
        &items,
        |_| {
            let exchange = harness.send(&request(&server, "/fails"));
            harness.record(exchange.error.as_deref(), exchange.attempts, None, None);
            exchange
        },
        |_| (),
    );
    // Two attempts a question at 0.01 each: the budget of 0.05 is spent on the third.
    assert!(matches!(halt, Some(Halt::Budget(_))), "{halt:?}");
    assert_eq!(server.seen().len(), 6);
    assert!((harness.cost() - 0.06).abs() < 1e-9, "{}", harness.cost());

    let harness = Harness::new(limits(), Price::default(), Budget::default(), &never);
    harness.record(None, 1, Some(u64::MAX), Some(u64::MAX));
    harness.record(None, 1, Some(u64::MAX), None);
    assert_eq!(harness.tokens(), u64::MAX);
}
