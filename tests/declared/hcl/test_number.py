"""Numbers as cty holds them (Go's big.Float): exact arithmetic where cty is exact, rounding
to 512 or 53 bits where it rounds, and Go's shortest formatting."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from driftctl.declared.hcl.lang import number


@given(st.integers(-(10**60), 10**60), st.integers(-(10**60), 10**60))
def test_whole_numbers_add_subtract_and_multiply_exactly(a: int, b: int) -> None:
    assert number.add(a, b) == a + b
    assert number.subtract(a, b) == a - b
    assert number.multiply(a, b) == a * b


def _power_of_two(value: float) -> bool:
    return math.frexp(abs(value))[0] == 0.5


@given(
    st.floats(allow_nan=False, allow_infinity=False).filter(
        lambda f: f != 0 and not _power_of_two(f)
    )
)
def test_a_float64_prints_as_its_shortest_round_trip_digits(value: float) -> None:
    # Go's Text('f', -1) at 53 bits and Python's repr pick the same shortest digits
    # (except at powers of two: see the next test)
    shown = number.text(number.from_float(value))
    assert float(shown) == value
    assert Fraction(shown) == Fraction(repr(value)) or float(repr(value)) == float(shown)


def test_a_power_of_two_prints_as_terraform_prints_it() -> None:
    # Go's roundShortest takes the gap below a power of two to be as wide as the gap above
    # (it is half as wide), so its digits need not read back as the same float64:
    # `terraform console` prints tostring(pow(2, -24)) as "0.00000005960464477539062"
    # (Terraform 1.11), where Python's repr gives 5.960464477539063e-08
    assert number.text(number.from_float(2.0**-24)) == "0.00000005960464477539062"
    assert number.text(number.from_float(2.0**-3)) == "0.125"


@given(st.fractions(min_value=-(10**30), max_value=10**30, max_denominator=10**12))
def test_a_512_bit_number_reads_back_from_its_text(value: Fraction) -> None:
    parsed = number.parse(f"{value.numerator}") if value.denominator == 1 else None
    rounded = number.divide(value.numerator, value.denominator) if parsed is None else parsed
    assert number.parse(number.text(rounded)) == rounded


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        (lambda: number.divide(1, 3), "0." + "3" * 154 + "5"),
        (lambda: number.add(number.parse("0.1"), number.parse("0.2")), "0.3"),
        (lambda: number.subtract(1, number.parse("0.9")), "0.1" + "0" * 153 + "3"),
        (lambda: number.from_float(2.0**64), "18446744073709550000"),
        (lambda: number.from_float(1e23), "100000000000000000000000"),
        (lambda: number.divide(number.I64(3), number.I64(7)), "0.42857142857142857144"),
        (lambda: number.negate(0), "-0"),
        (lambda: number.multiply(0, -1), "-0"),
        (lambda: number.divide(1, 0), "+Inf"),
        (lambda: number.modulo(5, 0), "5"),
        (lambda: number.modulo(-7, 3), "-1"),
        (lambda: number.modulo(number.parse("7.5"), 2), "1.5"),
        (lambda: number.ceil(number.parse("1" * 50 + ".5")), "1" * 49 + "2"),
    ],
)
def test_results_print_as_terraform_prints_them(expression: object, expected: str) -> None:
    assert number.text(expression()) == expected  # type: ignore[operator]


def test_zero_divided_by_zero_is_an_error() -> None:
    with pytest.raises(number.NumberError, match="can't divide zero by zero"):
        number.divide(0, 0)


@pytest.mark.parametrize(
    ("text", "value"),
    [("1e3", 1000), ("+5", 5), ("-0", "-0"), ("inf", "+Inf"), ("0x10", None), (" 1", None)],
)
def test_strings_parse_as_go_parse_float_in_base_10(text: str, value: object) -> None:
    parsed = number.parse(text)
    if value is None:
        assert parsed is None
    elif isinstance(value, str):
        assert parsed is not None and number.text(parsed) == value
    else:
        assert parsed == value


@pytest.mark.parametrize(
    ("mode", "prec", "value", "expected"),
    [
        ("f", 6, "12345678901234567890123456789.5", "12345678901234567890123456789.500000"),
        ("e", 6, "1234.5678", "1.234568e+03"),
        ("g", -1, "0.000012345", "1.2345e-05"),
        ("f", 2, "0.125", "0.12"),
        ("f", 2, "0.375", "0.38"),
    ],
)
def test_go_formatting_verbs(mode: str, prec: int, value: str, expected: str) -> None:
    parsed = number.parse(value)
    assert parsed is not None
    assert number.format_go(parsed, mode, prec) == expected


def test_float64_results_keep_their_precision() -> None:
    root = number.from_float(math.sqrt(2))
    assert number.text(root) == "1.4142135623730951"
    assert (
        number.text(number.add(root, 0)) == "1.4142135623730951454746218587388284504413604736328125"
    )
