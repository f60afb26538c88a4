//! Answering a stream of items on a pool of threads while keeping their
//! order ([`Pipeline`]): the caller sends items in blocks, each block is
//! answered on a worker as one task, and the answers come back through a
//! reorder buffer of bounded size. A slow item holds up the writing of the
//! items after it, but not the work on them; the blocks are sized so that
//! slow items go one by one and fast ones in bulk.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{mpsc, Arc};
use std::time::{Duration, Instant};

/// How long a block should take: blocks grow or shrink toward it, so slow
/// items go one by one and fast ones in bulk.
pub const BLOCK_TIME: Duration = Duration::from_millis(20);

/// Blocks out (sent and not yet handed back) per worker at most: enough
/// that a worker goes on for a long time past an item that is slower than
/// the rest.
const BLOCKS_PER_WORKER: usize = 64;

/// Items per block so that a block takes about [`BLOCK_TIME`] when one
/// item takes `per_item` (at least 1, at most `max_block`).
pub fn block_for(per_item: Duration, max_block: u64) -> u64 {
    let per_item = per_item.as_nanos().max(1);
    let fit = BLOCK_TIME.as_nanos() / per_item;
    u64::try_from(fit)
        .unwrap_or(u64::MAX)
        .clamp(1, max_block.max(1))
}

/// What a [`Pipeline`] hands to its sink, in order.
#[derive(Debug)]
pub enum Handed<T, A> {
    /// The next block sent, with its answers (one per item).
    Block(Vec<T>, Vec<A>),
    /// The next block is not answered yet and the pipeline is about to wait
    /// for it: a moment to flush what was written.
    Waiting,
}

/// A block answered on a worker.
struct Done<T, A> {
    seq: u64,
    items: Vec<T>,
    /// `None` when answering panicked.
    answers: Option<Vec<A>>,
    per_item: Duration,
}

/// The reply of one task: sent when the block is answered, or, should
/// answering panic, sent without answers when the reply is dropped, so the
/// pipeline never waits for a block that will not come.
struct Reply<T, A> {
    tx: mpsc::Sender<Done<T, A>>,
    seq: u64,
    sent: bool,
}

impl<T, A> Reply<T, A> {
    fn send(mut self, items: Vec<T>, answers: Vec<A>, per_item: Duration) {
        self.sent = true;
        let done = Done {
            seq: self.seq,
            items,
            answers: Some(answers),
            per_item,
        };
        let _ = self.tx.send(done);
    }
}

impl<T, A> Drop for Reply<T, A> {
    fn drop(&mut self) {
        if !self.sent {
            let _ = self.tx.send(Done {
                seq: self.seq,
                items: Vec::new(),
                answers: None,
                per_item: Duration::ZERO,
            });
        }
    }
}

/// Where a [`Pipeline`]'s blocks are answered.
enum Runner<'a, 'scope> {
    /// On the calling thread, as they are sent.
    Inline,
    /// On the workers of a scope.
    Pool(&'a rayon::Scope<'scope>),
}

/// Items answered in blocks by `answer`, on a pool or on the calling
/// thread, and handed back in the order they were sent; see
/// [`Workers::ordered`](crate::batch::Workers::ordered).
///
/// Memory is bounded: before a block is sent, the pipeline waits (handing
/// on what is done) until fewer than [`BLOCKS_PER_WORKER`] blocks per worker
/// and fewer than two full blocks per worker of items are out.
pub struct Pipeline<'a, 'scope, T, A, F> {
    runner: Runner<'a, 'scope>,
    answer: &'scope F,
    tx: mpsc::Sender<Done<T, A>>,
    rx: mpsc::Receiver<Done<T, A>>,
    cancelled: Arc<AtomicBool>,
    /// Blocks and items out at most.
    max_blocks: u64,
    max_items: usize,
    /// The longest block, and the length of the next one.
    max_block: u64,
    block: u64,
    /// Blocks sent, and handed back.
    sent: u64,
    handed: u64,
    /// Items sent and not handed back.
    items_out: usize,
    /// Blocks answered, not yet handed back, by sequence number.
    done: BTreeMap<u64, (Vec<T>, Vec<A>)>,
}

impl<'a, 'scope, T, A, F> Pipeline<'a, 'scope, T, A, F>
where
    T: Send + 'scope,
    A: Send + 'scope,
    F: Fn(&T) -> A + Sync,
{
    /// A pipeline that answers on the workers of `scope` (`threads` of
    /// them), or inline when `scope` is `None`.
    pub(crate) fn new(
        scope: Option<&'a rayon::Scope<'scope>>,
        threads: usize,
        max_block: usize,
        answer: &'scope F,
    ) -> Self {
        let (tx, rx) = mpsc::channel();
        let threads = threads.max(1);
        let max_block = max_block.max(1);
        Pipeline {
            runner: scope.map_or(Runner::Inline, Runner::Pool),
            answer,
            tx,
            rx,
            cancelled: Arc::new(AtomicBool::new(false)),
            max_blocks: (BLOCKS_PER_WORKER * threads) as u64,
            max_items: 2 * threads * max_block,
            max_block: max_block as u64,
            block: 1,
            sent: 0,
            handed: 0,
            items_out: 0,
            done: BTreeMap::new(),
        }
    }

    /// How many items the next block should hold: one at first, so the
    /// first answer, however slow, leaves as soon as it is made; then as
    /// many as take about [`BLOCK_TIME`].
    pub fn block_len(&self) -> usize {
        usize::try_from(self.block).unwrap_or(usize::MAX)
    }

    /// Sends `items` to be answered. First, while too much is out, waits
    /// for the next block and hands the blocks done on to `sink`, in order.
    /// An error of `sink` stops the pipeline: no block is begun after it,
    /// those under way stop at their next item, and the error is returned.
    pub fn send<E>(
        &mut self,
        items: Vec<T>,
        sink: &mut impl FnMut(Handed<T, A>) -> Result<(), E>,
    ) -> Result<(), E> {
        if items.is_empty() {
            return Ok(());
        }
        while self.sent - self.handed >= self.max_blocks
            || (self.items_out > 0 && self.items_out + items.len() > self.max_items)
        {
            self.next(sink)?;
        }
        let seq = self.sent;
        self.sent += 1;
        self.items_out += items.len();
        let reply = Reply {
            tx: self.tx.clone(),
            seq,
            sent: false,
        };
        match self.runner {
            Runner::Inline => answer_block(self.answer, items, &self.cancelled, reply),
            Runner::Pool(scope) => {
                let (answer, cancelled) = (self.answer, Arc::clone(&self.cancelled));
                scope.spawn(move |_| answer_block(answer, items, &cancelled, reply));
            }
        }
        // What is already answered leaves now.
        self.hand_ready(sink)
    }

    /// Waits for every block sent, handing each on to `sink` in order.
    pub fn drain<E>(
        &mut self,
        sink: &mut impl FnMut(Handed<T, A>) -> Result<(), E>,
    ) -> Result<(), E> {
        while self.handed < self.sent {
            self.next(sink)?;
        }
        Ok(())
    }

    /// Takes the answered blocks that have come, and hands on those next
    /// in order.
    fn hand_ready<E>(
        &mut self,
        sink: &mut impl FnMut(Handed<T, A>) -> Result<(), E>,
    ) -> Result<(), E> {
        while let Ok(done) = self.rx.try_recv() {
            self.take(done);
        }
        self.hand_in_order(sink)
    }

    /// Hands on at least one block: the next in order, waiting for it if
    /// it is not answered yet (`Waiting` comes first).
    fn next<E>(&mut self, sink: &mut impl FnMut(Handed<T, A>) -> Result<(), E>) -> Result<(), E> {
        let before = self.handed;
        self.hand_ready(sink)?;
        if self.handed > before {
            return Ok(());
        }
        self.stop_on(sink(Handed::Waiting))?;
        while !self.done.contains_key(&self.handed) {
            // Never fails: `self.tx` is held here.
            let Ok(done) = self.rx.recv() else { break };
            self.take(done);
        }
        self.hand_in_order(sink)
    }

    /// Keeps an answered block until its turn comes.
    fn take(&mut self, done: Done<T, A>) {
        let Some(answers) = done.answers else {
            self.cancelled.store(true, Ordering::Relaxed);
            panic!(
                "a worker thread panicked while answering block {}",
                done.seq
            );
        };
        let len = u64::try_from(done.items.len()).unwrap_or(u64::MAX);
        if len > 0 && answers.len() == done.items.len() {
            self.block = block_for(done.per_item, self.max_block);
        }
        self.done.insert(done.seq, (done.items, answers));
    }

    /// Hands on the blocks that are next in order, as far as they go.
    fn hand_in_order<E>(
        &mut self,
        sink: &mut impl FnMut(Handed<T, A>) -> Result<(), E>,
    ) -> Result<(), E> {
        while let Some((items, answers)) = self.done.remove(&self.handed) {
            self.handed += 1;
            self.items_out -= items.len();
            self.stop_on(sink(Handed::Block(items, answers)))?;
        }
        Ok(())
    }

    /// Passes `result` on; an error also tells the workers to stop.
    fn stop_on<E>(&self, result: Result<(), E>) -> Result<(), E> {
        if result.is_err() {
            self.cancelled.store(true, Ordering::Relaxed);
        }
        result
    }
}

/// Answers `items` in order and replies with them, unless cancelled (then
/// the answers stop short, and are never read).
fn answer_block<T, A, F>(answer: &F, items: Vec<T>, cancelled: &AtomicBool, reply: Reply<T, A>)
where
    F: Fn(&T) -> A,
{
    let start = Instant::now();
    let mut answers = Vec::with_capacity(items.len());
    for item in &items {
        if cancelled.load(Ordering::Relaxed) {
            break;
        }
        answers.push(answer(item));
    }
    let len = u32::try_from(items.len().max(1)).unwrap_or(u32::MAX);
    reply.send(items, answers, start.elapsed() / len);
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// Runs `body` with a pipeline of `answer` on `threads` workers (inline
    /// for 1), as `Workers::ordered` does.
    fn with_pipeline<T, A, F, R>(
        threads: usize,
        max_block: usize,
        answer: &F,
        body: impl FnOnce(&mut Pipeline<'_, '_, T, A, F>) -> R,
    ) -> R
    where
        T: Send,
        A: Send,
        F: Fn(&T) -> A + Sync,
    {
        if threads == 1 {
            return body(&mut Pipeline::new(None, 1, max_block, answer));
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.in_place_scope(|scope| {
            body(&mut Pipeline::new(Some(scope), threads, max_block, answer))
        })
    }

    /// Sends `0..n` in the blocks the pipeline asks for and collects what
    /// it hands back.
    fn run(threads: usize, n: u64, answer: &(impl Fn(&u64) -> u64 + Sync)) -> Vec<(u64, u64)> {
        let mut got = Vec::new();
        with_pipeline(threads, 64, answer, |pipeline| {
            let mut sink = |handed| {
                if let Handed::Block(items, answers) = handed {
                    assert_eq!(items.len(), answers.len());
                    got.extend(items.into_iter().zip(answers));
                }
                Ok::<(), ()>(())
            };
            let mut next = 0;
            while next < n {
                let end = n.min(next + pipeline.block_len() as u64);
                pipeline.send((next..end).collect(), &mut sink).unwrap();
                next = end;
            }
            pipeline.drain(&mut sink).unwrap();
        });
        got
    }

    #[test]
    fn answers_come_back_in_order_on_any_number_of_threads() {
        let expected: Vec<(u64, u64)> = (0..5000).map(|n| (n, n * n)).collect();
        for threads in [1, 2, 3] {
            // Uneven costs: every 97th item sleeps a little.
            let answer = |n: &u64| {
                if n.is_multiple_of(97) {
                    std::thread::sleep(Duration::from_millis(1));
                }
                n * n
            };
            assert_eq!(run(threads, 5000, &answer), expected, "{threads} threads");
        }
    }

    #[test]
    fn the_workers_go_on_past_a_slow_item_within_bounds() {
        // Item 0 waits until 100 later items are answered (or, should the
        // pipeline wait for it, gives up after 20 s and says so); no more
        // than the pipeline's bound are ever out.
        let answered = AtomicUsize::new(0);
        let went_on = AtomicBool::new(false);
        let answer = |n: &u64| {
            if *n == 0 {
                let start = Instant::now();
                while answered.load(Ordering::SeqCst) < 100 {
                    if start.elapsed() > Duration::from_secs(20) {
                        return 0;
                    }
                    std::thread::sleep(Duration::from_millis(1));
                }
                went_on.store(true, Ordering::SeqCst);
            }
            answered.fetch_add(1, Ordering::SeqCst);
            *n
        };
        let got = run(2, 1000, &answer);
        assert!(went_on.load(Ordering::SeqCst));
        assert_eq!(got.len(), 1000);
        assert!(got.iter().all(|&(n, a)| n == a));
    }

    #[test]
    fn no_more_than_the_bound_is_out_and_waits_are_told() {
        for threads in [1, 2] {
            let answered = AtomicUsize::new(0);
            let answer = |n: &u64| {
                answered.fetch_add(1, Ordering::SeqCst);
                *n
            };
            let handed = std::cell::Cell::new(0);
            let (mut most_out, mut waits) = (0, 0);
            with_pipeline(threads, 8, &answer, |pipeline| {
                let mut sink = |event| {
                    match event {
                        Handed::Block(items, _) => handed.set(handed.get() + items.len()),
                        Handed::Waiting => waits += 1,
                    }
                    Ok::<(), ()>(())
                };
                for n in 0..2000 {
                    // One item a block: the block count bounds what is out.
                    pipeline.send(vec![n], &mut sink).unwrap();
                    let out = answered.load(Ordering::SeqCst) - handed.get();
                    most_out = most_out.max(out);
                }
                pipeline.drain(&mut sink).unwrap();
            });
            assert_eq!(handed.get(), 2000);
            assert!(most_out <= 2 * threads * 8, "{most_out} out");
            if threads > 1 {
                assert!(waits > 0);
            }
        }
    }

    #[test]
    fn a_sink_error_stops_the_pipeline() {
        for threads in [1, 3] {
            let answer = |n: &u64| *n;
            let mut blocks = 0;
            let result = with_pipeline(threads, 4, &answer, |pipeline| {
                let mut sink = |event| match event {
                    Handed::Block(..) if blocks == 2 => Err("closed"),
                    Handed::Block(..) => {
                        blocks += 1;
                        Ok(())
                    }
                    Handed::Waiting => Ok(()),
                };
                for n in 0..1_000_000 {
                    pipeline.send(vec![n], &mut sink)?;
                }
                pipeline.drain(&mut sink)
            });
            assert_eq!(result, Err("closed"));
            assert_eq!(blocks, 2);
        }
    }

    #[test]
    fn block_sizes_aim_at_the_block_time() {
        assert_eq!(block_for(Duration::ZERO, 256), 256);
        assert_eq!(block_for(Duration::from_secs(1), 256), 1);
        assert_eq!(block_for(Duration::from_micros(100), 256), 200);
    }
}
