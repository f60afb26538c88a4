//! The frontend's stopwatch. The session counts the time played but reads
//! no clock ([`Session::add_time`](sudoku_core::session::Session::add_time));
//! the game measures how long the board was played on screen with a
//! [`Stopwatch`] and hands each stretch to the session when it stops
//! (pause, auto-solve, suspension, leaving, a win) or when the game is
//! saved.

use std::time::{Duration, Instant};

/// Measures the stretch of play going on now: the time since it started,
/// not yet handed to the session.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stopwatch {
    since: Option<Instant>,
}

impl Stopwatch {
    /// A stopwatch running from `now`.
    pub fn running(now: Instant) -> Stopwatch {
        Stopwatch { since: Some(now) }
    }

    /// Whether it runs.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Starts it at `now` (nothing when it runs).
    pub fn start(&mut self, now: Instant) {
        self.since.get_or_insert(now);
    }

    /// Stops it at `now` and returns the stretch it measured (zero when it
    /// was stopped).
    pub fn stop(&mut self, now: Instant) -> Duration {
        self.since
            .take()
            .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }

    /// Returns the stretch measured up to `now` and goes on measuring from
    /// `now` (zero, and still stopped, when it was stopped).
    pub fn lap(&mut self, now: Instant) -> Duration {
        let stretch = self.current(now);
        if self.since.is_some() {
            self.since = Some(now);
        }
        stretch
    }

    /// The stretch measured up to `now`, not yet handed in.
    pub fn current(&self, now: Instant) -> Duration {
        self.since
            .map_or(Duration::ZERO, |since| now.saturating_duration_since(since))
    }

    /// How long after `now` a timer showing `banked` plus this stretch in
    /// whole seconds changes, or `None` when the stopwatch is stopped.
    pub fn until_next_second(&self, banked: Duration, now: Instant) -> Option<Duration> {
        self.since?;
        let into = banked.saturating_add(self.current(now)).subsec_millis();
        Some(Duration::from_millis(u64::from(1000 - into)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stopwatch_measures_stretches_and_hands_them_over() {
        let t0 = Instant::now();
        let at = |ms| t0 + Duration::from_millis(ms);
        let mut watch = Stopwatch::running(t0);
        assert_eq!(watch.current(at(2500)), Duration::from_millis(2500));
        assert_eq!(watch.lap(at(3000)), Duration::from_secs(3));
        assert!(watch.is_running());
        assert_eq!(watch.current(at(3400)), Duration::from_millis(400));
        assert_eq!(
            watch.until_next_second(Duration::from_millis(200), at(3400)),
            Some(Duration::from_millis(400))
        );
        assert_eq!(watch.stop(at(4000)), Duration::from_secs(1));
        assert!(!watch.is_running());
        assert_eq!(
            watch.stop(at(9000)),
            Duration::ZERO,
            "stopped, it counts nothing"
        );
        assert_eq!(watch.lap(at(9000)), Duration::ZERO);
        assert_eq!(watch.until_next_second(Duration::ZERO, at(9000)), None);
        watch.start(at(10_000));
        watch.start(at(11_000));
        assert_eq!(
            watch.current(at(12_000)),
            Duration::from_secs(2),
            "start twice: the first counts"
        );
        assert_eq!(
            watch.current(t0),
            Duration::ZERO,
            "a clock going back counts nothing"
        );
    }
}
