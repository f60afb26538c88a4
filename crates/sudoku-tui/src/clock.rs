//! The game timer: time played, which can be paused. Its arithmetic
//! saturates, so no banked time (a save's, however large) can overflow it.

use std::time::{Duration, Instant};

/// A stopwatch: the time banked by earlier runs plus the current run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Clock {
    banked: Duration,
    since: Option<Instant>,
}

impl Clock {
    /// A clock that has run for `banked` already and runs from `now` on.
    pub fn started(banked: Duration, now: Instant) -> Clock {
        Clock {
            banked,
            since: Some(now),
        }
    }

    /// Whether the clock is running.
    pub fn is_running(&self) -> bool {
        self.since.is_some()
    }

    /// Stops the clock at `now`, keeping the time so far.
    pub fn pause(&mut self, now: Instant) {
        if let Some(since) = self.since.take() {
            self.banked = self
                .banked
                .saturating_add(now.saturating_duration_since(since));
        }
    }

    /// Starts the clock again at `now` (nothing when it runs).
    pub fn resume(&mut self, now: Instant) {
        if self.since.is_none() {
            self.since = Some(now);
        }
    }

    /// The time on the clock at `now`.
    pub fn elapsed(&self, now: Instant) -> Duration {
        let running = self
            .since
            .map_or(Duration::ZERO, |since| now.saturating_duration_since(since));
        self.banked.saturating_add(running)
    }

    /// How long after `now` the shown time (whole seconds) changes, or
    /// `None` when the clock is stopped.
    pub fn until_next_second(&self, now: Instant) -> Option<Duration> {
        self.since?;
        let into = self.elapsed(now).subsec_millis();
        Some(Duration::from_millis(u64::from(1000 - into)))
    }
}

/// `mm:ss`, or `h:mm:ss` from an hour on.
pub fn format_duration(time: Duration) -> String {
    let secs = time.as_secs();
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pausing_keeps_the_time() {
        let t0 = Instant::now();
        let mut clock = Clock::started(Duration::from_secs(5), t0);
        assert_eq!(clock.elapsed(t0 + Duration::from_secs(2)).as_secs(), 7);
        clock.pause(t0 + Duration::from_secs(3));
        assert!(!clock.is_running());
        assert_eq!(clock.elapsed(t0 + Duration::from_secs(100)).as_secs(), 8);
        assert_eq!(clock.until_next_second(t0), None);
        clock.resume(t0 + Duration::from_secs(10));
        assert_eq!(
            clock
                .elapsed(t0 + Duration::from_millis(11_500))
                .as_millis(),
            9_500
        );
        assert_eq!(
            clock.until_next_second(t0 + Duration::from_millis(11_500)),
            Some(Duration::from_millis(500))
        );
    }

    #[test]
    fn the_largest_banked_time_does_not_overflow() {
        let t0 = Instant::now();
        let mut clock = Clock::started(Duration::MAX, t0);
        let later = t0 + Duration::from_secs(5);
        assert_eq!(clock.elapsed(later), Duration::MAX);
        assert!(clock.until_next_second(later).is_some());
        clock.pause(later);
        assert_eq!(clock.elapsed(later), Duration::MAX);
        clock.resume(later);
        assert_eq!(clock.elapsed(later + Duration::from_secs(1)), Duration::MAX);
        assert_eq!(format_duration(Duration::MAX), "5124095576030431:00:15");
    }

    #[test]
    fn durations_read_as_a_clock() {
        assert_eq!(format_duration(Duration::from_secs(0)), "00:00");
        assert_eq!(format_duration(Duration::from_secs(192)), "03:12");
        assert_eq!(format_duration(Duration::from_secs(3723)), "1:02:03");
    }
}
