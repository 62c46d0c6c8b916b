// Entry of dist/storefront.js (<script type="module">): the runtime starts on its own.
import { start } from './start';

start();
