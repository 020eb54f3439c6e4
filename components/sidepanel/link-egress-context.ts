/**
 * How a link in an answer is checked before it opens: the origins its address carries text from (text the
 * conversation's runs read on another site). The panel provides the background's check; where no check is
 * provided (a page without a conversation), only the address heuristics of describe-link.ts apply.
 */
import { createContext } from 'preact';

export type CheckLinkEgress = (url: string) => Promise<string[]>;

export const LinkEgressContext = createContext<CheckLinkEgress | undefined>(undefined);
