//! The fits' one way of sharing work between the cores: pieces handed to a pool of worker
//! threads kept for the life of the process, their results returned in the pieces' order, so
//! that whatever is summed over them is summed in the same order on any number of cores.

use rayon::prelude::*;

/// `task(index, piece)` for every piece of `work`, on the pool's threads (on this thread when
/// there is one piece, or one core), the results in the pieces' order.
pub(super) fn in_order<W: Send, T: Send>(
    work: Vec<W>,
    task: impl Fn(usize, W) -> T + Sync + Send,
) -> Vec<T> {
    if work.len() <= 1 || rayon::current_num_threads() <= 1 {
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
        assert_eq!(in_order(work.clone(), |i, w| i * w + 1), expected);
        // On pools of one, two, three and sixteen threads alike.
        for threads in [1, 2, 3, 16] {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let got = pool.install(|| in_order(work.clone(), |i, w| i * w + 1));
            assert_eq!(got, expected);
        }
        assert!(in_order(Vec::<u8>::new(), |_, w| w).is_empty());
    }
}
