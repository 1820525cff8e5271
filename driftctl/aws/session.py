"""Where boto3 clients come from: one injected factory, so tests and production share a path."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable
from typing import Any

import botocore.config
import botocore.exceptions
import botocore.parsers

from driftctl.aws.ratelimit import RateLimiter
from driftctl.errors import DriftctlError

ClientFactory = Callable[[str, str], Any]  # (service, region) -> boto3 client

# Errors that no amount of retrying or skipping fixes: the whole scan stops with one line.
FATAL_CODES = {
    "ExpiredToken": "the AWS session token has expired",
    "ExpiredTokenException": "the AWS session token has expired",
    "InvalidClientTokenId": "the AWS access key is not valid",
    "UnrecognizedClientException": "the AWS access key is not valid",
    "AuthFailure": "AWS could not validate the credentials",
    "SignatureDoesNotMatch": "the AWS secret key does not match the access key",
    "RequestExpired": "the request expired: check this machine's clock",
}

# The preflight (sts:GetCallerIdentity, the only STS call a factory's clients make) fails
# fast when the endpoint does not answer: an endpoint that accepts connections and never
# answers would otherwise hold the scan silently for read_timeout x max_attempts (60 s x 8)
# before its first line. A throttled or failing (5xx) preflight is retried up to
# --max-attempts, like every other call: AWS is there, only busy.
PREFLIGHT_READ_TIMEOUT = 10.0
PREFLIGHT_MAX_ATTEMPTS = 2  # for an endpoint that does not answer (timeouts, dropped)
PREFLIGHT_BACKOFF = 0.5  # seconds before the second attempt, doubled each time after
PREFLIGHT_BACKOFF_MAX = 5.0
DEFAULT_READ_TIMEOUT = 60.0
# answers that mean "try again later": throttling, and the server's own failures
THROTTLING_CODES = frozenset(
    {
        "Throttling",
        "ThrottlingException",
        "ThrottledException",
        "RequestThrottled",
        "RequestThrottledException",
        "TooManyRequestsException",
        "RequestLimitExceeded",
        "SlowDown",
        "PriorRequestNotComplete",
        "ProvisionedThroughputExceededException",
        "TransactionInProgressException",
        "BandwidthLimitExceeded",
        "EC2ThrottledException",
    }
)
SERVER_CODES = frozenset({"InternalError", "InternalFailure", "ServiceUnavailable"})
# what a call can raise besides ClientError: timeouts, closed connections (BotoCoreError),
# and an answer botocore cannot parse (a 200 that is not AWS's XML or JSON), which is not
# a BotoCoreError
CALL_ERRORS: tuple[type[Exception], ...] = (
    botocore.exceptions.BotoCoreError,
    botocore.parsers.ResponseParserError,
)


def call_failure(exc: Exception) -> str:
    """One short, stable line for a CALL_ERRORS exception (no raw answer bytes)."""
    if isinstance(exc, botocore.parsers.ResponseParserError):
        return "ResponseParserError: the answer is not an AWS response (unparsable)"
    return f"{type(exc).__name__}: {exc}"


_SENT_KEYS: dict[str, str] = {}  # "before-send.s3.GetBucketTagging" -> "s3:GetBucketTagging"


def read_streams(answer: Any) -> Any:
    """An answer with each streamed field read (CloudFront's GetFunction answers the code
    as a stream): the answer can then be kept, compared and sent between processes."""
    if not isinstance(answer, dict):
        return answer
    return {k: v.read() if hasattr(v, "iter_chunks") else v for k, v in answer.items()}


def user_agent() -> str:
    """The User-Agent of every request: driftctl's name and version, then botocore's and
    Python's. Given as the client's `user_agent`, botocore sends it as is; otherwise it
    builds its own from ~30 components twice per request (a fifth of a call's CPU)."""
    import platform

    from driftctl.util.version import __version__

    return (
        f"driftctl/{__version__} botocore/{botocore.__version__} "
        f"Python/{platform.python_version()} {platform.system()}/{platform.release()}"
    )


class CallCounter:
    """Counts API calls per service:Operation, the HTTP requests they took, and the
    requests that were retries.

    botocore resends a throttled or failed request without the caller seeing it; the
    before-send event sees every attempt, and the request's context says which attempt
    it is: a request of attempt 2 or later is a retry. (Requests sent whose call has not
    returned yet are in flight, not retries: `sent - calls` counts them too until then.)
    """

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.sent: Counter[str] = Counter()
        self.resent: Counter[str] = Counter()
        self._lock = threading.Lock()

    def on_send(self, event_name: str = "", request: Any = None, **_: Any) -> None:
        # event_name is "before-send.<service>.<Operation>"
        op = _SENT_KEYS.get(event_name)
        if op is None:
            op = _SENT_KEYS.setdefault(event_name, event_name.split(".", 1)[1].replace(".", ":"))
        retry = _attempt(request) > 1
        with self._lock:
            self.sent[op] += 1
            if retry:
                self.resent[op] += 1

    def retries_of(self, service: str) -> int:
        """Requests re-sent for the service's calls so far (thread-safe)."""
        with self._lock:
            return sum(n for op, n in self.resent.items() if op.startswith(f"{service}:"))

    def merge(self, calls: Counter[str], sent: Counter[str]) -> None:
        """Add the counts of calls another process made (a sharded scan's workers): all
        returned, so each operation's requests beyond its calls were retries."""
        with self._lock:
            self.calls.update(calls)
            self.sent.update(sent)
            for op, n in sent.items():
                if n > calls.get(op, 0):
                    self.resent[op] += n - calls.get(op, 0)

    def count(self, service: str, operation: str) -> None:
        with self._lock:
            self.calls[f"{service}:{operation}"] += 1

    @property
    def retries(self) -> int:
        with self._lock:
            return sum(self.resent.values())


def _attempt(request: Any) -> int:
    """Which attempt of its call a botocore request is (1 when it does not say)."""
    context = getattr(request, "context", None)
    retries = context.get("retries") if isinstance(context, dict) else None
    attempt = retries.get("attempt") if isinstance(retries, dict) else None
    return attempt if isinstance(attempt, int) else 1


def make_client_factory(
    session: Any,  # accounts.Session (or a boto3.Session): what .client(...) makes clients
    endpoint_url: str | None,
    counter: CallCounter,
    limiter: RateLimiter | None = None,
    max_attempts: int = 8,
    pool_size: int = 128,
    read_timeout: float = DEFAULT_READ_TIMEOUT,
) -> ClientFactory:
    # botocore's "max_attempts" counts retries only; "total_max_attempts" is --max-attempts.
    # Parameters are not validated client-side: the registry builds them from botocore's
    # own models (tests/aws/test_registry.py), and AWS still rejects a bad one.
    agent = user_agent()
    config = botocore.config.Config(
        retries={"mode": "adaptive", "total_max_attempts": max_attempts},
        max_pool_connections=pool_size,
        connect_timeout=5,
        read_timeout=read_timeout,
        user_agent=agent,
        parameter_validation=False,
    )
    # the preflight retries by itself (caller_context): throttling up to max_attempts, an
    # endpoint that does not answer PREFLIGHT_MAX_ATTEMPTS times
    preflight = botocore.config.Config(
        retries={"mode": "standard", "total_max_attempts": 1},
        connect_timeout=5,
        read_timeout=min(PREFLIGHT_READ_TIMEOUT, read_timeout),
        user_agent=agent,
    )
    clients: dict[tuple[str, str], Any] = {}
    lock = threading.Lock()

    def factory(service: str, region: str) -> Any:
        client = clients.get((service, region))  # made once; after that, no lock
        if client is not None:
            return client
        with lock:
            if (service, region) not in clients:
                client = session.client(
                    service,
                    region_name=region,
                    endpoint_url=endpoint_url,
                    config=preflight if service == "sts" else config,
                )
                send = counter.on_send
                if limiter is not None:
                    send, needs_retry = limiter.hooks(service, region, counter.on_send)
                    client.meta.events.register_first("needs-retry", needs_retry)
                client.meta.events.register("before-send", send)
                clients[(service, region)] = client
            return clients[(service, region)]

    return factory


def check_credentials(
    factory: ClientFactory, counter: CallCounter, region: str, max_attempts: int = 8
) -> str:
    """Fail fast, in one line, on unusable credentials or endpoint. Returns the account id."""
    return str(_identity(factory, counter, region, max_attempts).get("Account", ""))


def _backoff(attempt: int) -> float:
    return float(min(PREFLIGHT_BACKOFF * 2 ** (attempt - 1), PREFLIGHT_BACKOFF_MAX))


def _identity(
    factory: ClientFactory,
    counter: CallCounter,
    region: str,
    max_attempts: int = 8,
    sleep: Callable[[float], None] = time.sleep,
) -> Any:
    """sts:GetCallerIdentity: throttling and server errors retried up to max_attempts, an
    endpoint that does not answer up to PREFLIGHT_MAX_ATTEMPTS; then one clear line."""
    counter.count("sts", "GetCallerIdentity")
    attempt = 0
    while True:
        attempt += 1
        try:
            return _identity_once(factory, region)
        except botocore.exceptions.ClientError as exc:
            code = exc.response.get("Error", {}).get("Code", "")
            status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0
            busy = code in THROTTLING_CODES or code in SERVER_CODES or int(status) >= 500
            if not busy:
                raise fatal_error(exc, "sts:GetCallerIdentity") from exc
            if attempt < max_attempts:
                sleep(_backoff(attempt))
                continue
            raise _busy_error(exc, code, attempt) from exc
        except (
            botocore.exceptions.ReadTimeoutError,
            botocore.exceptions.ConnectTimeoutError,
            botocore.exceptions.ConnectionClosedError,
        ) as exc:
            if attempt < min(PREFLIGHT_MAX_ATTEMPTS, max_attempts):
                sleep(_backoff(attempt))
                continue
            raise _unanswered(factory("sts", region), exc) from exc


def _busy_error(exc: botocore.exceptions.ClientError, code: str, attempts: int) -> DriftctlError:
    message = exc.response.get("Error", {}).get("Message", "")
    answer = f"{code}: {message}" if message else code
    tries = f"{attempts} attempt{'s' * (attempts != 1)}"
    if code in THROTTLING_CODES:
        return DriftctlError(
            f"sts:GetCallerIdentity was throttled on all {tries} ({answer})",
            "AWS is limiting this account's request rate: wait and run it again, "
            "or raise --max-attempts",
        )
    return DriftctlError(
        f"sts:GetCallerIdentity failed on all {tries} ({answer})",
        "AWS answered with a server error: run it again later, or raise --max-attempts",
    )


def _unanswered(sts: Any, exc: Exception) -> DriftctlError:
    kwargs = getattr(exc, "kwargs", {})
    endpoint = kwargs.get("endpoint_url", "")
    if isinstance(exc, botocore.exceptions.ReadTimeoutError):
        return DriftctlError(
            f"the AWS endpoint {endpoint} did not answer within "
            f"{sts.meta.config.read_timeout:g} s (sts:GetCallerIdentity)",
            "check --endpoint-url / AWS_ENDPOINT_URL, and for a proxy or firewall that "
            "accepts connections and never answers",
        )
    if isinstance(exc, botocore.exceptions.ConnectTimeoutError):
        return DriftctlError(
            f"the AWS endpoint {endpoint} did not accept a "
            f"connection within {sts.meta.config.connect_timeout:g} s",
            "check --endpoint-url / AWS_ENDPOINT_URL and the network",
        )
    return DriftctlError(
        f"the AWS endpoint {endpoint} closed the connection without an answer "
        "(sts:GetCallerIdentity)",
        "check --endpoint-url / AWS_ENDPOINT_URL, and for a proxy in the way",
    )


def _identity_once(factory: ClientFactory, region: str) -> Any:
    """One GetCallerIdentity; ClientError and the timeouts are left to the caller."""
    sts = factory("sts", region)
    try:
        return sts.get_caller_identity()
    except (
        botocore.exceptions.ClientError,
        botocore.exceptions.ReadTimeoutError,
        botocore.exceptions.ConnectTimeoutError,
        botocore.exceptions.ConnectionClosedError,
    ):
        raise
    except botocore.exceptions.NoCredentialsError as exc:
        raise DriftctlError(
            "no AWS credentials found",
            "set AWS_PROFILE or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, or run aws sso login",
        ) from exc
    except botocore.exceptions.EndpointConnectionError as exc:
        raise DriftctlError(
            f"cannot reach the AWS endpoint {exc.kwargs.get('endpoint_url', '')}",
            "check --endpoint-url / AWS_ENDPOINT_URL and the network",
        ) from exc
    except botocore.exceptions.BotoCoreError as exc:  # SSO token, unparsable answer, ...
        raise DriftctlError(
            f"sts:GetCallerIdentity failed: {exc}",
            "check the credentials (aws sso login for SSO profiles) and --endpoint-url",
        ) from exc
    except (KeyError, botocore.parsers.ResponseParserError) as exc:  # a 200 that is not AWS's
        raise DriftctlError(
            "sts:GetCallerIdentity failed: the endpoint's answer is not an AWS response",
            "check --endpoint-url / AWS_ENDPOINT_URL (a proxy or portal in the way?)",
        ) from exc


def caller_context(
    factory: ClientFactory, counter: CallCounter, region: str, max_attempts: int = 8
) -> dict[str, str]:
    """What Terraform's aws_caller_identity, aws_region and aws_partition would read with
    these credentials: account_id, arn, user_id, region and partition (one STS call)."""
    identity = _identity(factory, counter, region, max_attempts)
    arn = str(identity.get("Arn", ""))
    partition = arn.split(":")[1] if arn.count(":") >= 5 else "aws"
    return {
        "account_id": str(identity.get("Account", "")),
        "arn": arn,
        "user_id": str(identity.get("UserId", "")),
        "region": region,
        "partition": partition,
    }


def fatal_error(exc: botocore.exceptions.ClientError, call: str) -> DriftctlError:
    code = exc.response.get("Error", {}).get("Code", "")
    reason = FATAL_CODES.get(code, exc.response.get("Error", {}).get("Message", str(exc)))
    return DriftctlError(
        f"{call} failed: {code}: {reason}", "refresh the AWS credentials and retry"
    )
