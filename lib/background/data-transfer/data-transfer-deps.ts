/** What export and import read and write: the stores, as the composition root opens them. */
import type { ProviderStore } from '../../providers/provider-store';
import type { IndexSettings, IndexSettingsPatch } from '../../retrieval/index-settings';
import type { AttachmentStore } from '../../storage/attachment-store';
import type { ConversationStore } from '../../storage/conversation-store';
import type { EvalStore } from '../../storage/eval-store';
import type { SettingsStore } from '../../storage/settings-store';
import type { TaskStore } from '../../storage/task-store';
import type { MemoryStore } from '../../tools/memory-store';
import type { SitePolicyStore } from '../../tools/site-policy-store';
import type { Awaitable } from '../handlers/handler-set';
import type { LocalOriginRulesSync } from '../local-origin-rules';

/** "Remember what I read": its settings, updated as Settings updates them (the capture script follows). */
export interface RememberSettings {
  get(): Promise<IndexSettings>;
  update(patch: IndexSettingsPatch): Promise<IndexSettings>;
}

/** The "always allow" grants, and which tools can hold one here (an imported grant for any other is refused). */
export interface GrantTransfer {
  store: Awaitable<Pick<SitePolicyStore, 'list' | 'allow'>>;
  grantable(toolName: string): Awaitable<boolean>;
}

export interface DataTransferDeps {
  conversations: Awaitable<ConversationStore>;
  memory: Awaitable<MemoryStore>;
  settings: Awaitable<SettingsStore>;
  /** Exported without keys; imported ones are added without a key. */
  providers: Awaitable<ProviderStore>;
  /** Told when providers were added, so a local server among them is reachable without flags. */
  localOrigins?: LocalOriginRulesSync;
  /** The files attached to the conversations' messages (absent: they are neither exported nor imported). */
  attachments?: Awaitable<Pick<AttachmentStore, 'listByConversation' | 'get' | 'putAll'>>;
  /** Absent: grants are neither exported nor imported (some tests). */
  grants?: GrantTransfer;
  /** The saved tasks (absent: neither exported nor imported, some tests). */
  tasks?: Awaitable<Pick<TaskStore, 'list' | 'putAll'>>;
  /** The model comparisons (absent: neither exported nor imported, some tests). */
  comparisons?: Awaitable<Pick<EvalStore, 'list' | 'putAll'>>;
  /** Absent where the history feature is not part of the background (some tests). */
  remember?: RememberSettings;
  now(): number;
}
