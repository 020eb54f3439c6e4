/** The extension pages' typed call to the worker: typed request, typed reply, errors thrown as RemoteError. */
import { createSender } from '../messaging/create-sender';
import { backgroundProtocol } from './protocol';

export const sendToBackground = createSender(backgroundProtocol);
