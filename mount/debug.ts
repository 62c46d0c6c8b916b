/** `?islands-debug` in the URL, or localStorage `islands-debug` set to anything but "0", logs every mount with its timing. */
export function debugEnabled(): boolean {
  try {
    if (new URLSearchParams(location.search).has('islands-debug')) return true;
    const flag = localStorage.getItem('islands-debug');
    return flag !== null && flag !== '0' && flag !== 'false';
  } catch {
    return false; // storage disabled: no debug
  }
}
