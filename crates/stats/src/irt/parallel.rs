//! The fits' one way of sharing work between the cores: pieces dealt round-robin to scoped
//! threads and their results returned in the pieces' order, so that whatever is summed over
//! them is summed in the same order on any number of cores.

/// `task(index, piece)` for every piece of `work`, on `threads` scoped threads (on this thread
/// when at most one), the results in the pieces' order.
pub(super) fn in_order<W: Send, T: Send>(
    work: Vec<W>,
    threads: usize,
    task: impl Fn(usize, W) -> T + Sync,
) -> Vec<T> {
    if threads <= 1 {
        return work
            .into_iter()
            .enumerate()
            .map(|(i, piece)| task(i, piece))
            .collect();
    }
    let count = work.len();
    let mut shares: Vec<Vec<(usize, W)>> = (0..threads).map(|_| Vec::new()).collect();
    for (i, piece) in work.into_iter().enumerate() {
        shares[i % threads].push((i, piece));
    }
    let mut slots: Vec<Option<T>> = (0..count).map(|_| None).collect();
    let task = &task;
    std::thread::scope(|scope| {
        let handles: Vec<_> = shares
            .into_iter()
            .map(|share| {
                scope.spawn(move || {
                    share
                        .into_iter()
                        .map(|(i, piece)| (i, task(i, piece)))
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (i, result) in handle.join().expect("a share of the work") {
                slots[i] = Some(result);
            }
        }
    });
    slots.into_iter().flatten().collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_come_back_in_order_on_any_number_of_threads() {
        let work: Vec<usize> = (0..11).collect();
        let expected: Vec<usize> = (0..11).map(|i| i * i + 1).collect();
        for threads in [1, 2, 3, 16] {
            assert_eq!(in_order(work.clone(), threads, |i, w| i * w + 1), expected);
        }
        assert!(in_order(Vec::<u8>::new(), 2, |_, w| w).is_empty());
    }
}
