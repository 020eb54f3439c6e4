import { actMechanics } from '../lib/page/act-mechanics';
import { installActPart } from '../lib/page/act-part';

// Injected by the background into one frame the first time an action there needs typing, keys, a slider, a
// combobox or a text selection (lib/page/act-part.ts), so the page agent in every frame stays small. Runs in the
// same isolated world as the page agent, and listens to nothing: it only fills the agent's slot.
export default defineUnlistedScript(() => {
  installActPart(actMechanics);
});
