//! A thread of its own for slow work: jobs go in, answers come back, one
//! at a time in the order asked, while the game draws and takes keys.

use std::sync::mpsc::{self, Receiver, Sender};
use std::thread;

/// The game's ends of a background thread's two channels.
#[derive(Debug)]
pub struct Worker<J, R> {
    /// Where jobs go.
    pub jobs: Sender<J>,
    /// Where answers come back.
    pub answers: Receiver<R>,
}

impl<J: Send + 'static, R: Send + 'static> Worker<J, R> {
    /// A thread named `name` that answers each job with `work`, in turn,
    /// until the game drops its end; `None` when the system refuses a
    /// thread.
    pub fn start(name: &str, work: impl Fn(J) -> R + Send + 'static) -> Option<Worker<J, R>> {
        let (jobs, inbox) = mpsc::channel::<J>();
        let (outbox, answers) = mpsc::channel::<R>();
        thread::Builder::new()
            .name(name.to_string())
            .spawn(move || {
                for job in inbox {
                    if outbox.send(work(job)).is_err() {
                        break;
                    }
                }
            })
            .ok()?;
        Some(Worker { jobs, answers })
    }
}

#[cfg(test)]
mod tests {
    use super::Worker;

    #[test]
    fn answers_come_back_in_the_order_asked() {
        let worker = Worker::start("test", |n: u32| (n, n * n)).unwrap();
        for n in 1..=5 {
            worker.jobs.send(n).unwrap();
        }
        let answers: Vec<(u32, u32)> = (0..5).map(|_| worker.answers.recv().unwrap()).collect();
        assert_eq!(answers, [(1, 1), (2, 4), (3, 9), (4, 16), (5, 25)]);
    }
}
