import type { Language } from '@amp/contracts/account';
import { notificationMessageKey, renderMessage } from '@amp/contracts/event-texts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { type Announcement, NOTIFICATION_CHANNEL } from '../lib/effects.js';

/** One open stream (a browser tab) of a signed-in user. */
export interface LiveConnection {
  language: Language;
  send(event: string, data: unknown): void;
  /** Ends the stream (the server is shutting down). */
  end(): void;
}

/**
 * The open notification streams of this process. Every process LISTENs on the database's
 * notification channel, so a notification committed by any process reaches the tabs connected
 * to any other (docs/architecture.md#scale).
 */
export class LiveConnections {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private unlisten: (() => Promise<void>) | null = null;

  constructor(private readonly log: FastifyBaseLogger) {}

  async start(database: Pick<Database, 'listen'>) {
    this.unlisten = await database.listen(NOTIFICATION_CHANNEL, (payload) => this.deliver(payload));
  }

  add(userId: string, connection: LiveConnection): () => void {
    let connections = this.byUser.get(userId);
    if (!connections) {
      connections = new Set();
      this.byUser.set(userId, connections);
    }
    connections.add(connection);
    return () => {
      connections.delete(connection);
      if (connections.size === 0) this.byUser.delete(userId);
    };
  }

  get size(): number {
    let total = 0;
    for (const connections of this.byUser.values()) total += connections.size;
    return total;
  }

  private deliver(payload: string) {
    let announcement: Announcement;
    try {
      announcement = JSON.parse(payload) as Announcement;
    } catch (error) {
      this.log.warn({ err: error }, 'unreadable notification announcement');
      return;
    }
    const key = notificationMessageKey(announcement.event, announcement.params);
    for (const userId of announcement.users) {
      for (const connection of this.byUser.get(userId) ?? []) {
        connection.send('notification', {
          description: renderMessage(connection.language, key, announcement.params),
          path: announcement.path,
          createdAt: announcement.createdAt,
        });
      }
    }
  }

  /** Ends every open stream (so the server can close) and stops listening. */
  async stop() {
    for (const connections of this.byUser.values()) for (const connection of connections) connection.end();
    this.byUser.clear();
    await this.unlisten?.();
    this.unlisten = null;
  }
}
