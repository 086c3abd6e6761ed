/**
 * Whether this process should be sent requests (`GET /api/ready`, issue #37): not while it
 * starts, nor once it was asked to stop — it then drains, answering what it has while the load
 * balancer takes it out. Liveness (`GET /api/health`) is another question: a draining process is
 * alive.
 */
export class Readiness {
  private state: 'starting' | 'ready' | 'draining' = 'starting';

  get phase(): 'starting' | 'ready' | 'draining' {
    return this.state;
  }

  /** Called once the process listens with its database prepared and its catalog loaded. */
  markReady(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  /** Called on SIGTERM/SIGINT: never ready again. */
  markDraining(): void {
    this.state = 'draining';
  }
}
