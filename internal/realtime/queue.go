package realtime

import "sync"

// Serial runs fn on queued items one at a time, in queue order, on a goroutine that exists only while
// there is work. Push never blocks (the queue is unbounded): a writer never waits for the fan-out.
// Running them one at a time keeps derived values such as unread counts right: each is computed after
// the commit it follows, and the last one computed is the newest.
type Serial[T any] struct {
	fn      func(T)
	mu      sync.Mutex
	items   []T
	running bool
	idle    *sync.Cond
}

// NewSerial returns a queue that hands each item to fn.
func NewSerial[T any](fn func(T)) *Serial[T] {
	q := &Serial[T]{fn: fn}
	q.idle = sync.NewCond(&q.mu)
	return q
}

// Push queues v.
func (q *Serial[T]) Push(v T) {
	q.mu.Lock()
	q.items = append(q.items, v)
	start := !q.running
	q.running = true
	q.mu.Unlock()
	if start {
		go q.run()
	}
}

func (q *Serial[T]) run() {
	for {
		q.mu.Lock()
		if len(q.items) == 0 {
			q.running = false
			q.items = nil
			q.idle.Broadcast()
			q.mu.Unlock()
			return
		}
		v := q.items[0]
		var zero T
		q.items[0] = zero
		q.items = q.items[1:]
		q.mu.Unlock()
		q.fn(v)
	}
}

// Wait returns once the queue is empty and nothing runs (tests, shutdown).
func (q *Serial[T]) Wait() {
	q.mu.Lock()
	for q.running {
		q.idle.Wait()
	}
	q.mu.Unlock()
}
