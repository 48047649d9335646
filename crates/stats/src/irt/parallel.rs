//! The fits' one way of sharing work between the cores: pieces handed to a pool of worker
//! threads kept for the life of the process, their results returned in the pieces' order, so
//! that whatever is summed over them is summed in the same order on any number of cores.

use rayon::prelude::*;

/// `task(index, piece)` for every piece of `work`, on the pool's threads (on this thread when
/// `threads` is at most one), the results in the pieces' order.
pub(super) fn in_order<W: Send, T: Send>(
    work: Vec<W>,
    threads: usize,
    task: impl Fn(usize, W) -> T + Sync + Send,
) -> Vec<T> {
    if threads <= 1 {
        return work
            .into_iter()
            .enumerate()
            .map(|(i, piece)| task(i, piece))
            .collect();
    }
    work.into_par_iter()
        .enumerate()
        .with_max_len(1)
        .map(|(i, piece)| task(i, piece))
        .collect()
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
