import { onTestFinished } from 'vitest';
import { createContext, createPageServices } from '../../mount/context';
import type { OwnedContext } from '../../src/widget';

/**
 * A widget context as the runtime gives one (timers, warnings through the log, page services, sub-scopes), for a
 * test that mounts a widget module directly; disposed when the test ends, its page services with it.
 */
export function testContext(name: string): OwnedContext {
  const services = createPageServices();
  const context = createContext(name, services);
  onTestFinished(() => {
    context.dispose();
    services.disposeAll();
  });
  return context;
}
