/**
 * The page agent's side of tool-ask-protocol.ts: asks the background to show a page tool's request for the user
 * on the call's card. Any failure (the worker stopped while the card waited, the call is over, the request was
 * refused) is a Decline: the page's callback never runs without the user's Continue.
 */
import { createSender } from '../messaging/create-sender';
import { toolAskProtocol, type ToolAskInput } from './tool-ask-protocol';

const send = createSender(toolAskProtocol);

export async function askBackground(call: ToolAskInput): Promise<boolean> {
  try {
    return (await send('ask', call)).go === true;
  } catch (error) {
    console.debug('Tabwise: the request to interact was not answered', error);
    return false;
  }
}
